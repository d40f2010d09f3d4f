import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import { CreateGridBody } from '../../../../lib/schemas/admin';
import { notifyError, notifySuccess } from '../../../app/notify';
import {
  ChallengeFields,
  defaultChallengeDraft,
  type ChallengeDraft,
} from '../../../components/challenge-editor';
import { FormMessage } from '../../../components/form-message';
import { ApiError } from '../../../services/api-client';
import { createGrid } from '../api/admin-api';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

/**
 * Creates the shared grid, which becomes the current one. The form starts from the spec's
 * May Reading Challenge and every text may be edited (DESIGN.md, where we differ). The editor
 * itself (texts and issue 11's rules) is shared with the club cards (components/challenge-editor).
 */
export function CreateGridForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ChallengeDraft>(defaultChallengeDraft);
  const [error, setError] = useState<string | null>(null);

  const creating = useSubmitGuard();
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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (trims, needs every text, limits lengths).
    const parsed = CreateGridBody.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    const grid = parsed.data;
    void creating.run(() => mutation.mutateAsync(grid));
  }

  function handleRestoreDefaults() {
    setDraft(defaultChallengeDraft());
    setError(null);
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Create the shared grid</h2>
      <p>The new grid becomes everyone&apos;s current card; older grids stay as past challenges.</p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <ChallengeFields titleLabel="Grid title" draft={draft} onChange={setDraft} />
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating.pending || mutation.isPending}
          >
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
