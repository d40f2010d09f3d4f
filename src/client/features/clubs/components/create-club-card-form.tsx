import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import { CreateClubCardBody } from '../../../../lib/schemas/clubs';
import { notifySuccess } from '../../../app/notify';
import {
  ChallengeFields,
  defaultChallengeDraft,
  type ChallengeDraft,
} from '../../../components/challenge-editor';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { errorText } from '../../../services/api-client';
import { clubKey, createClubCard } from '../api/clubs-api';
import { GRIDS_KEY } from '../hooks/use-club-actions';

interface CreateClubCardFormProps {
  clubId: string;
  /** Called once the card is made, or when the owner cancels. */
  onDone: () => void;
}

/**
 * Owners: a club card from the admin's challenge editor (16 texts, their rules) and the card's
 * own reset date. The server's refusal (a date in the past, ...) is shown in the form.
 */
export function CreateClubCardForm({ clubId, onDone }: CreateClubCardFormProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ChallengeDraft>(defaultChallengeDraft);
  const [resetDate, setResetDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const creating = useSubmitGuard();
  const mutation = useMutation({
    mutationFn: (body: CreateClubCardBody) => createClubCard(clubId, body),
    onSuccess: async () => {
      notifySuccess(messages.clubs.cardCreated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clubKey(clubId) }),
        queryClient.invalidateQueries({ queryKey: GRIDS_KEY }),
      ]);
      onDone();
    },
    onError: (caught) => setError(errorText(caught, messages.generic.serverError)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateClubCardBody.safeParse({ ...draft, resetDate });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    const body = parsed.data;
    void creating.run(() => mutation.mutateAsync(body));
  }

  return (
    <section className="panel club-card-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.clubs.createCard}</h2>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <ChallengeFields
          titleLabel={messages.clubs.cardTitleLabel}
          draft={draft}
          onChange={setDraft}
        />
        <TextField
          label={messages.clubs.resetDateLabel}
          name="resetDate"
          type="date"
          required
          value={resetDate}
          onChange={(event) => setResetDate(event.target.value)}
        />
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating.pending || mutation.isPending}
          >
            {messages.clubs.createCard}
          </button>
          <button type="button" className="button button--secondary" onClick={onDone}>
            {messages.clubs.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
