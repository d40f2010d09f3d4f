import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { ClubBody } from '../../../../lib/schemas/clubs';
import { notifySuccess } from '../../../app/notify';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { errorText } from '../../../services/api-client';
import { createClub, CLUBS_KEY } from '../api/clubs-api';

/**
 * Create a club (name, description): checked with the server's own schema first; the server's
 * refusal (a rate limit, a name it will not take) is shown in the form. On success the new
 * club's page opens.
 */
export function CreateClubForm() {
  const headingId = useId();
  const descriptionId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const creating = useSubmitGuard();
  const mutation = useMutation({
    mutationFn: createClub,
    onSuccess: async ({ club }) => {
      notifySuccess(messages.clubs.created);
      await queryClient.invalidateQueries({ queryKey: CLUBS_KEY });
      await navigate(`/clubs/${encodeURIComponent(club.id)}`);
    },
    onError: (caught) => setError(errorText(caught, messages.clubs.createFailed)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ClubBody.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    const body = parsed.data;
    void creating.run(() => mutation.mutateAsync(body));
  }

  return (
    <section className="panel clubs-create" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.clubs.createTitle}</h2>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={messages.clubs.nameLabel}
          name="name"
          required
          maxLength={CLUB_NAME_MAX}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="field">
          <label htmlFor={descriptionId} className="field__label">
            {messages.clubs.descriptionLabel}
          </label>
          <textarea
            id={descriptionId}
            className="field__input field__textarea"
            name="description"
            rows={3}
            maxLength={CLUB_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating.pending || mutation.isPending}
          >
            {messages.clubs.create}
          </button>
        </div>
      </form>
    </section>
  );
}
