import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { recommendationStateQueryOptions } from '../api/recommendations-api';
import { recommendationErrorText } from '../hooks/use-recommendation-deck';
import { recommendationTexts as texts } from '../texts';
import { DeckMessage } from './deck-message';
import { Onboarding } from './onboarding';
import { RecommendationDeck } from './recommendation-deck';

/**
 * Swipe-style recommendations (`/recommendations`, SPEC.md sections 2 and 4): loading, then
 * onboarding while the reader has fewer than 5 finished books, else the cards; an error
 * screen when even the reader's state cannot be read.
 */
export function RecommendationsPage() {
  useDocumentTitle(texts.pageTitle);
  const state = useQuery(recommendationStateQueryOptions);

  let body;
  // Data first: a failed background refetch must not throw away the cards on screen.
  if (state.data) {
    body = state.data.onboarding ? <Onboarding state={state.data} /> : <RecommendationDeck />;
  } else if (state.isError && !state.isFetching) {
    body = (
      <DeckMessage
        message={recommendationErrorText(state.error)}
        tone="error"
        onRefresh={() => void state.refetch()}
      />
    );
  } else {
    body = <Spinner label={texts.loading} showLabel />;
  }

  return (
    <div className="page recommendations">
      <h1>{texts.pageTitle}</h1>
      {body}
    </div>
  );
}
