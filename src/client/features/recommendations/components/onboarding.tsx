import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ONBOARDING_BOOKS, SEARCH_DEBOUNCE_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import {
  OnboardingSearchQuery,
  type OnboardingBook,
  type RecommendationState,
} from '../../../../lib/schemas/recommendations';
import { notifyError, notifyInfo, notifySuccess } from '../../../app/notify';
import { BookCover } from '../../../components/book-cover';
import { HedgehogLogo } from '../../../components/hedgehog-logo';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { resultCountText } from '../../../components/result-count-text';
import { ApiError, errorText } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';
import {
  addFavourite,
  onboardingSearchQueryOptions,
  recommendationStateQueryOptions,
} from '../api/recommendations-api';
import { recommendationTexts as texts } from '../texts';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

const searchTerm = OnboardingSearchQuery.shape.q;

function FavouritesProgress({ added }: { added: number }) {
  const labelId = useId();
  return (
    <div className="onboarding__progress">
      <p id={labelId} className="onboarding__progress-label">
        {texts.progress(added, ONBOARDING_BOOKS)}
      </p>
      <progress aria-labelledby={labelId} value={added} max={ONBOARDING_BOOKS} />
      <ol className="onboarding__hedgehogs" aria-hidden="true">
        {Array.from({ length: ONBOARDING_BOOKS }, (_, index) => (
          <li key={index} className={index < added ? 'is-on' : undefined}>
            <HedgehogLogo />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Onboarding (SPEC.md sections 2 and 4): the reader searches as they type (500 ms after the
 * last key, or at once on Enter) and adds favourites until 5 are in; the page then turns to
 * the cards by itself, as the state each addition returns says so.
 */
export function Onboarding({ state }: { state: RecommendationState }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | null>(null);
  const [addedIsbns, setAddedIsbns] = useState<ReadonlySet<string>>(new Set());
  const debounceRef = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(debounceRef.current), []);

  // The last results stay while the next search runs, so the list does not flicker as you type.
  const search = useQuery({
    ...onboardingSearchQueryOptions(term),
    placeholderData: keepPreviousData,
  });

  const adding = useSubmitGuard();
  const add = useMutation({
    mutationFn: (book: OnboardingBook) => addFavourite(book.isbn),
    onSuccess: (result, book) => {
      notifySuccess(result.message);
      setAddedIsbns((isbns) => new Set(isbns).add(book.isbn));
      queryClient.setQueryData(recommendationStateQueryOptions.queryKey, result.state);
      void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
    },
    onError: (error, book) => {
      if (error instanceof ApiError && error.status === 409) {
        // "You've already added this book": it counts already.
        notifyInfo(error.message);
        setAddedIsbns((isbns) => new Set(isbns).add(book.isbn));
        void queryClient.invalidateQueries({
          queryKey: recommendationStateQueryOptions.queryKey,
        });
        return;
      }
      notifyError(errorText(error, messages.book.addFailed));
    },
  });

  /** Searches for the text now; an empty box clears the results. */
  function searchNow(value: string) {
    window.clearTimeout(debounceRef.current);
    const trimmed = value.trim();
    if (trimmed === '') {
      setTermError(null);
      setTerm('');
      return;
    }
    const parsed = searchTerm.safeParse(trimmed);
    if (!parsed.success) {
      setTermError(parsed.error.issues[0]?.message ?? messages.book.searchTermTooLong);
      return;
    }
    setTermError(null);
    setTerm(parsed.data);
  }

  function handleChange(value: string) {
    setText(value);
    window.clearTimeout(debounceRef.current);
    debounceRef.current = window.setTimeout(() => searchNow(value), SEARCH_DEBOUNCE_MS);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    searchNow(text);
  }

  const books = search.data?.books;
  let status = '';
  if (search.isFetching && !books) status = texts.searching;
  else if (books && term !== '') status = resultCountText(books.length);

  return (
    <section className="onboarding" aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">{texts.onboardingHeading}</h2>
      <p className="onboarding__intro">{texts.onboardingIntro(ONBOARDING_BOOKS)}</p>
      <FavouritesProgress added={Math.min(state.finishedCount, ONBOARDING_BOOKS)} />

      <form className="onboarding__search" role="search" noValidate onSubmit={handleSubmit}>
        <TextField
          label={texts.searchLabel}
          hint={texts.searchHint}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => handleChange(event.target.value)}
        />
      </form>
      {termError ? <FormMessage kind="error">{termError}</FormMessage> : null}
      {search.isError ? (
        // A 429 carries the server's own words ('Too many book searches...').
        <FormMessage kind="error">
          {errorText(search.error, messages.bingo.searchFailed)}
        </FormMessage>
      ) : null}
      <p className="onboarding__status" role="status">
        {status}
      </p>

      {books && books.length > 0 && term !== '' ? (
        <ul className="onboarding__results" aria-label="Search results">
          {books.map((book) => {
            const isAdded = addedIsbns.has(book.isbn);
            const isAdding = add.isPending && add.variables.isbn === book.isbn;
            return (
              <li className="onboarding__result" key={book.isbn}>
                <BookCover
                  coverUrl={book.coverUrl}
                  title={book.title}
                  isbn={book.isbn}
                  size="small"
                />
                <div className="onboarding__result-text">
                  <p className="onboarding__result-title">{book.title}</p>
                  <p className="onboarding__result-author">
                    {book.authors || messages.book.unknown}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={isAdded || isAdding}
                  aria-label={`${isAdded ? texts.added : texts.add} ${book.title}`}
                  onClick={() => void adding.run(() => add.mutateAsync(book))}
                >
                  {isAdded ? texts.added : texts.add}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
