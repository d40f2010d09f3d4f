import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import { CreateGridBody } from '../../../../lib/schemas/admin';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/form-field';
import { ApiError } from '../../../services/api-client';
import { createGrid } from '../api/admin-api';

/**
 * Creates the shared grid, which becomes the current one. The form starts from the spec's
 * May Reading Challenge and every text may be edited (DESIGN.md, where we differ).
 */
export function CreateGridForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState<string>(DEFAULT_GRID_TITLE);
  const [challenges, setChallenges] = useState<string[]>(() => [...DEFAULT_CHALLENGES]);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: createGrid,
    onSuccess: async () => {
      notifySuccess(messages.admin.gridCreated);
      await queryClient.invalidateQueries({ queryKey: ['grids'] });
    },
    onError: (caught) => {
      const reason = caught instanceof ApiError ? caught.message : messages.generic.serverError;
      notifyError(messages.admin.gridError(reason));
    },
  });

  function handleChallengeChange(index: number, value: string) {
    setChallenges((previous) => previous.map((challenge, i) => (i === index ? value : challenge)));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (trims, needs every text, limits lengths).
    const parsed = CreateGridBody.safeParse({ title, challenges });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    mutation.mutate(parsed.data);
  }

  function handleRestoreDefaults() {
    setTitle(DEFAULT_GRID_TITLE);
    setChallenges([...DEFAULT_CHALLENGES]);
    setError(null);
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Create the shared grid</h2>
      <p>The new grid becomes everyone&apos;s current card; older grids stay as past challenges.</p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label="Grid title"
          name="title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <fieldset className="challenge-fields">
          <legend>Challenges, in card order</legend>
          {challenges.map((challenge, index) => (
            <TextField
              // The list never reorders, so the position is a stable key.
              key={index}
              label={`Challenge ${index + 1}`}
              name={`challenge-${index + 1}`}
              required
              value={challenge}
              onChange={(event) => handleChallengeChange(index, event.target.value)}
            />
          ))}
        </fieldset>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            Create Grid
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={handleRestoreDefaults}
          >
            Restore defaults
          </button>
        </div>
      </form>
    </section>
  );
}
