import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import type { ClubSummary, CreateInviteResponse } from '../../../../lib/schemas/clubs';
import { notifyError } from '../../../app/notify';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { errorText } from '../../../services/api-client';
import { clubInvitesQueryOptions, clubKey, createInvite } from '../api/clubs-api';
import { useClubActions } from '../hooks/use-club-actions';
import { ClubJoinCode } from './join-codes';

/** The expiry choices: until revoked, or a number of days (the contract allows 1-90). */
const EXPIRY_DAYS = [1, 7, 30, 90] as const;
const NO_EXPIRY = 'never';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** The made link, shown once (the server keeps only a hash of its token), with Copy. */
function NewInviteLink({ made }: { made: CreateInviteResponse }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string>(messages.clubs.inviteCreated);
  const url = new URL(made.path, window.location.origin).toString();

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(messages.clubs.copied);
    } catch {
      // No clipboard (an insecure page, a refusal): the link is selected for the reader to copy.
      inputRef.current?.select();
      setStatus(messages.clubs.copyFailed);
    }
  }

  return (
    <div className="club-invite-link">
      <label htmlFor={inputId} className="field__label">
        {messages.clubs.inviteLinkLabel}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="field__input"
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button button--primary" onClick={() => void handleCopy()}>
        {messages.clubs.copy}
      </button>
      <p className="club-invite-link__status" role="status">
        {status}
      </p>
    </div>
  );
}

/**
 * Owners: make an invitation link (until revoked, or for some days), shown once with Copy; the
 * live links by date, each with Revoke.
 */
export function ClubInvites({ club }: { club: ClubSummary }) {
  const selectId = useId();
  const queryClient = useQueryClient();
  const invites = useQuery(clubInvitesQueryOptions(club.id));
  const { revoke } = useClubActions(club.id);
  const [expiry, setExpiry] = useState<string>(NO_EXPIRY);
  const [made, setMade] = useState<CreateInviteResponse | null>(null);
  const creating = useSubmitGuard();
  const revoking = useSubmitGuard();
  const create = useMutation({
    mutationFn: (expiresInDays: number | null) => createInvite(club.id, { expiresInDays }),
    onSuccess: async (answer) => {
      setMade(answer);
      await queryClient.invalidateQueries({ queryKey: clubKey(club.id) });
    },
    onError: (error) => notifyError(errorText(error, messages.clubs.actionFailed)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = expiry === NO_EXPIRY ? null : Number(expiry);
    void creating.run(() => create.mutateAsync(days));
  }

  let list;
  if (invites.isPending) list = <Spinner label={messages.clubs.loading} showLabel />;
  else if (invites.isError)
    list = <LoadError error={invites.error} fallback={messages.clubs.listFailed} />;
  else if (invites.data.invites.length === 0)
    list = <p className="empty">{messages.clubs.noInvites}</p>;
  else
    list = (
      <ul className="club-rows" aria-label={messages.clubs.invites}>
        {invites.data.invites.map((invite) => {
          const made = messages.clubs.inviteMadeOn(formatDay(invite.createdAt));
          return (
            <li key={invite.id} className="club-row">
              <div className="club-row__who">
                <span className="club-row__name">{made}</span>
                <span className="club-row__meta">
                  {invite.expiresAt
                    ? messages.clubs.inviteExpires(formatDay(invite.expiresAt))
                    : messages.clubs.inviteNeverExpires}
                </span>
              </div>
              <div className="club-row__actions">
                <button
                  type="button"
                  className="button button--secondary club-row__button"
                  aria-label={`${messages.clubs.inviteRevoke}: ${made}`}
                  disabled={revoking.pending || revoke.isPending}
                  onClick={() => void revoking.run(() => revoke.mutateAsync(invite.id))}
                >
                  {messages.clubs.inviteRevoke}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <form className="form club-invite-form" onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {messages.clubs.inviteExpiryLabel}
          </label>
          <select
            id={selectId}
            className="field__input"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          >
            <option value={NO_EXPIRY}>{messages.clubs.inviteNoExpiry}</option>
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {messages.clubs.inviteDays(days)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button button--primary"
          disabled={creating.pending || create.isPending}
        >
          {messages.clubs.createInvite}
        </button>
      </form>
      {made ? <NewInviteLink key={made.invite.id} made={made} /> : null}
      {list}
      <ClubJoinCode club={club} />
    </>
  );
}
