import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import { notifyError } from '../../../app/notify';
import { errorText } from '../../../services/api-client';

interface MoreButtonProps {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
}

/** "More": the next page of an admin list; a failed page is a toast and may be asked again. */
export function MoreButton({ query }: MoreButtonProps) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--secondary admin-more"
      disabled={query.isFetchingNextPage}
      onClick={() => {
        void query.fetchNextPage().then((result) => {
          if (result.isFetchNextPageError)
            notifyError(errorText(result.error, messages.adminPage.loadFailed));
        });
      }}
    >
      {messages.adminPage.more}
    </button>
  );
}
