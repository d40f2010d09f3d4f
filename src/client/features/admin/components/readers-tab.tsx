import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import type { AdminUser } from '../../../../lib/schemas/admin';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { liftSuspension, listUsers, setRole, unlockUser } from '../api/admin-api';
import { formatDay } from '../format';
import { useAdminAction } from '../hooks/use-admin-action';
import { EraseDialog } from './erase-dialog';
import { MoreButton } from './more-button';
import { SuspendDialog } from './suspend-dialog';

const text = messages.adminPage;
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

function nameOf(user: AdminUser): string {
  return user.username ?? (user.name || user.id);
}

function statusText(user: AdminUser): string {
  const until = formatDay(user.statusUntil);
  if (user.status === 'locked') return text.statusLocked(until);
  if (user.status === 'suspended') return text.statusSuspended(until);
  return text.statusActive;
}

type Dialog = { kind: 'suspend' | 'erase'; user: AdminUser } | null;

/** Issue 23: find a reader by name, username or email; 25 a page, newest first. */
export function ReadersTab() {
  const headingId = useId();
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { user: me } = useCurrentUser();
  const users = useInfiniteQuery({
    queryKey: [...ADMIN_USERS_KEY, q],
    queryFn: ({ pageParam }) => listUsers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const action = useAdminAction([ADMIN_USERS_KEY]);

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(draft.trim());
  }

  let body;
  if (users.isPending) body = <Spinner label={text.loadingReaders} showLabel />;
  else if (users.isError) body = <LoadError error={users.error} fallback={text.loadFailed} />;
  else {
    const list = users.data.pages.flatMap((page) => page.users);
    body =
      list.length === 0 ? (
        <p className="empty">{text.noReaders}</p>
      ) : (
        <>
          <ul className="admin-cards" aria-labelledby={headingId}>
            {list.map((user) => (
              <ReaderCard
                key={user.id}
                user={user}
                isMe={user.id === me?.id}
                busy={action.busy !== null}
                onRole={(role) => void action.run(`role:${user.id}`, () => setRole(user.id, role))}
                onUnlock={() => void action.run(`unlock:${user.id}`, () => unlockUser(user.id))}
                onLift={() => void action.run(`lift:${user.id}`, () => liftSuspension(user.id))}
                onSuspend={() => setDialog({ kind: 'suspend', user })}
                onErase={() => setDialog({ kind: 'erase', user })}
              />
            ))}
          </ul>
          <MoreButton query={users} />
        </>
      );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {text.readersHeading}
      </h2>
      <form className="form form--inline admin-search" role="search" onSubmit={handleSearch}>
        <div className="field">
          <label htmlFor={searchId} className="field__label">
            {text.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            className="field__input"
            maxLength={100}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {text.searchButton}
        </button>
      </form>
      {body}
      {dialog?.kind === 'suspend' ? (
        <SuspendDialog
          userId={dialog.user.id}
          name={nameOf(dialog.user)}
          run={(task) => action.run(`suspend:${dialog.user.id}`, task)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'erase' ? (
        <EraseDialog
          userId={dialog.user.id}
          name={nameOf(dialog.user)}
          run={(task) =>
            action.run(`erase:${dialog.user.id}`, task, () => {
              // The reader's card goes: the focus waits on the list's heading.
              headingRef.current?.focus();
            })
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

interface ReaderCardProps {
  user: AdminUser;
  isMe: boolean;
  busy: boolean;
  onRole: (role: 'user' | 'admin') => void;
  onUnlock: () => void;
  onLift: () => void;
  onSuspend: () => void;
  onErase: () => void;
}

function ReaderCard({
  user,
  isMe,
  busy,
  onRole,
  onUnlock,
  onLift,
  onSuspend,
  onErase,
}: ReaderCardProps) {
  const nameId = useId();
  const name = nameOf(user);
  return (
    <li className="admin-card" aria-labelledby={nameId}>
      <h3 id={nameId} className="admin-card__title">
        {name}
      </h3>
      <p className="admin-card__sub">
        {user.name && user.name !== name ? `${user.name} · ` : ''}
        {user.email ?? text.noEmail}
      </p>
      <dl className="admin-card__facts">
        <div>
          <dt>{text.columnRole}</dt>
          <dd>{text.roleNames[user.role] ?? user.role}</dd>
        </div>
        <div>
          <dt>{text.columnStatus}</dt>
          <dd className={`admin-status admin-status--${user.status}`}>{statusText(user)}</dd>
        </div>
        <div>
          <dt>{text.columnJoined}</dt>
          <dd>{formatDay(user.joinedAt)}</dd>
        </div>
        <div>
          <dt>{text.columnLastSignIn}</dt>
          <dd>{formatDay(user.lastSignIn) ?? text.neverSignedIn}</dd>
        </div>
        <div>
          <dt>{text.columnPoints}</dt>
          <dd>{user.points}</dd>
        </div>
      </dl>
      {isMe ? null : (
        <div className="admin-card__actions">
          {user.role === 'user' ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onRole('admin')}
            >
              {text.makeAdmin(name)}
            </button>
          ) : null}
          {user.role === 'admin' ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onRole('user')}
            >
              {text.makeUser(name)}
            </button>
          ) : null}
          {user.status === 'locked' ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={onUnlock}
            >
              {text.unlock(name)}
            </button>
          ) : null}
          {user.status === 'suspended' ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={onLift}
            >
              {text.liftSuspension(name)}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={onSuspend}
            >
              {text.suspend(name)}
            </button>
          )}
          <button type="button" className="button button--danger" disabled={busy} onClick={onErase}>
            {text.erase(name)}
          </button>
        </div>
      )}
    </li>
  );
}
