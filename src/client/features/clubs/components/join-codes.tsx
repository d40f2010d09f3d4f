import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { JOIN_CODE_DAYS_DEFAULT } from '../../../../lib/join-code';
import { messages } from '../../../../lib/messages';
import type { CreateJoinCodeResponse } from '../../../../lib/schemas/club-codes';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { notifyError, notifySuccess } from '../../../app/notify';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { errorText } from '../../../services/api-client';
import { CLUBS_KEY, clubKey } from '../api/clubs-api';
import {
  clubJoinCodeQueryOptions,
  createJoinCode,
  joinByCode,
  revokeJoinCode,
} from '../api/join-codes-api';

const CODE_DAYS = [1, 7, 30] as const;

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/**
 * The Clubs page (issue 24): "Join with a code". The server reads the code loosely (any case,
 * dashes and spaces ignored) and decides; its refusal (a wrong code, too many tries, a full
 * club) is shown in the form. On success the club's page opens.
 */
export function JoinByCodeForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const joining = useSubmitGuard();
  const mutation = useMutation({
    mutationFn: joinByCode,
    onSuccess: async ({ club }) => {
      notifySuccess(messages.clubCodes.joined(club.name));
      await queryClient.invalidateQueries({ queryKey: CLUBS_KEY });
      await navigate(`/clubs/${encodeURIComponent(club.id)}`);
    },
    onError: (caught) => setError(errorText(caught, messages.clubs.actionFailed)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(messages.clubCodes.required);
      return;
    }
    setError(null);
    void joining.run(() => mutation.mutateAsync(typed));
  }

  const busy = joining.pending || mutation.isPending;
  return (
    <section className="panel clubs-join-code" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.clubCodes.joinTitle}</h2>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={messages.clubCodes.joinLabel}
          hint={messages.clubCodes.joinHint}
          name="club-code"
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? messages.clubCodes.joining : messages.clubCodes.joinSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Owners (issue 24): the club's join code beside its invitation links. A new code is shown once
 * (the server keeps only a keyed hash) and replaces the previous one; the live code's expiry
 * shows with Revoke.
 */
export function ClubJoinCode({ club }: { club: ClubSummary }) {
  const headingId = useId();
  const selectId = useId();
  const queryClient = useQueryClient();
  const live = useQuery(clubJoinCodeQueryOptions(club.id));
  const [days, setDays] = useState<number>(JOIN_CODE_DAYS_DEFAULT);
  const [made, setMade] = useState<CreateJoinCodeResponse | null>(null);
  const guard = useSubmitGuard();
  const refresh = () => queryClient.invalidateQueries({ queryKey: clubKey(club.id) });
  const create = useMutation({
    mutationFn: (expiresInDays: number) => createJoinCode(club.id, { expiresInDays }),
    onSuccess: async (answer) => {
      setMade(answer);
      await refresh();
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });
  const revoke = useMutation({
    mutationFn: () => revokeJoinCode(club.id),
    onSuccess: async (answer) => {
      setMade(null);
      notifySuccess(answer.message);
      await refresh();
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void guard.run(() => create.mutateAsync(days));
  }

  let status;
  if (live.isPending) status = <Spinner label={messages.clubs.loading} showLabel />;
  else if (live.isError)
    status = <LoadError error={live.error} fallback={messages.clubs.listFailed} />;
  else if (!live.data.joinCode) status = <p className="empty">{messages.clubCodes.noLiveCode}</p>;
  else
    status = (
      <div className="club-row">
        <span className="club-row__name">
          {messages.clubCodes.liveUntil(formatDay(live.data.joinCode.expiresAt))}
        </span>
        <button
          type="button"
          className="button button--secondary club-row__button"
          disabled={guard.pending || revoke.isPending}
          onClick={() => void guard.run(() => revoke.mutateAsync())}
        >
          {messages.clubCodes.revoke}
        </button>
      </div>
    );

  const hasLive = Boolean(live.data?.joinCode);
  return (
    <section className="club-join-code" aria-labelledby={headingId}>
      <h3 id={headingId}>{messages.clubCodes.sectionTitle}</h3>
      <p className="club-join-code__explained">{messages.clubCodes.explained}</p>
      <form className="form club-invite-form" onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {messages.clubCodes.expiryLabel}
          </label>
          <select
            id={selectId}
            className="field__input"
            value={String(days)}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {CODE_DAYS.map((n) => (
              <option key={n} value={String(n)}>
                {messages.clubs.inviteDays(n)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={guard.pending || create.isPending}
        >
          {hasLive ? messages.clubCodes.createAgain : messages.clubCodes.create}
        </button>
      </form>
      {made ? (
        <div className="club-join-code__made">
          <p className="field__label">{messages.clubCodes.codeLabel}</p>
          <p className="club-join-code__code" translate="no">
            {made.code}
          </p>
          <p role="status">{made.message}</p>
        </div>
      ) : null}
      {status}
    </section>
  );
}
