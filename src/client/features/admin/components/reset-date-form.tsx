import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import { SetResetDateBody } from '../../../../lib/schemas/admin';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/form-field';
import { ApiError } from '../../../services/api-client';
import { resetDateQueryOptions, updateResetDate } from '../api/admin-api';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

/** The reset date is the end of a day in UTC (SPEC.md section 9), so it is shown in UTC too. */
function formatResetDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
}

/** Sets the day the bingo cards reset (SPEC.md section 5: the date must not be empty). */
export function ResetDateForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const resetDate = useQuery(resetDateQueryOptions);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);

  const saving = useSubmitGuard();
  const mutation = useMutation({
    mutationFn: updateResetDate,
    onSuccess: async () => {
      notifySuccess(messages.admin.resetDateUpdated);
      await queryClient.invalidateQueries({ queryKey: resetDateQueryOptions.queryKey });
    },
    onError: (caught) => {
      const reason = caught instanceof ApiError ? caught.message : messages.generic.serverError;
      notifyError(messages.admin.resetDateError(reason));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with: an empty date gets the spec's refusal.
    const parsed = SetResetDateBody.safeParse({ date });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.admin.resetDateRequired);
      return;
    }
    setError(null);
    const chosen = parsed.data.date;
    void saving.run(() => mutation.mutateAsync(chosen));
  }

  let current: string;
  if (resetDate.isPending) current = 'Loading the current reset date...';
  else if (resetDate.isError) current = 'The current reset date could not be loaded.';
  else if (resetDate.data.resetDate)
    current = `Current reset date: ${formatResetDate(resetDate.data.resetDate)}`;
  else current = 'No reset date has been set yet.';

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>When the cards reset</h2>
      <p>{current}</p>
      <form className="form form--inline" noValidate onSubmit={handleSubmit}>
        <TextField
          label="Reset date"
          type="date"
          name="resetDate"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={saving.pending || mutation.isPending}
        >
          Save
        </button>
      </form>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </section>
  );
}
