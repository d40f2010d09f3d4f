import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { messages } from '../../../../lib/messages';
import type { ModerationItem, ReportSnapshot } from '../../../../lib/schemas/moderation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import {
  dismissReports,
  listReports,
  removePost,
  resetClub,
  resetProfile,
  setPostHidden,
} from '../api/admin-api';
import { formatDay } from '../format';
import { useAdminAction } from '../hooks/use-admin-action';
import { MoreButton } from './more-button';
import { ADMIN_USERS_KEY } from './readers-tab';
import { SuspendDialog } from './suspend-dialog';

const text = messages.adminPage;
const REPORTS_KEY = ['admin', 'reports'] as const;

function sameSnapshot(a: ReportSnapshot, b: ReportSnapshot): boolean {
  return a.title === b.title && a.body === b.body;
}

function SnapshotText({ snapshot }: { snapshot: ReportSnapshot }) {
  return (
    <>
      {snapshot.title ? <p className="admin-card__snapshot-title">{snapshot.title}</p> : null}
      {snapshot.body ? <p className="admin-card__snapshot-body">{snapshot.body}</p> : null}
    </>
  );
}

/**
 * Issue 23: the moderation queue, oldest open target first: each target with what it said when
 * reported, what it says now, the reasons counted and the reporters' notes (never their names).
 */
export function ModerationTab() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queue = useInfiniteQuery({
    queryKey: REPORTS_KEY,
    queryFn: ({ pageParam }) => listReports(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const action = useAdminAction([REPORTS_KEY, ADMIN_USERS_KEY]);
  const [toRemove, setToRemove] = useState<{ id: string; why?: string } | null>(null);
  const [toSuspend, setToSuspend] = useState<{ id: string; name: string } | null>(null);
  const focusHeading = () => headingRef.current?.focus();

  let body;
  if (queue.isPending) body = <Spinner label={text.loadingQueue} showLabel />;
  else if (queue.isError) body = <LoadError error={queue.error} fallback={text.loadFailed} />;
  else {
    const items = queue.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <p className="empty">{text.noReports}</p>
      ) : (
        <>
          <ul className="admin-cards" aria-labelledby={headingId}>
            {items.map((item) => (
              <ModerationCard
                key={`${item.targetType}:${item.targetId}`}
                item={item}
                busy={action.busy !== null}
                run={(key, task) => void action.run(key, task, focusHeading)}
                onRemove={(why) => setToRemove({ id: item.targetId, why })}
                onSuspend={(id, name) => setToSuspend({ id, name })}
              />
            ))}
          </ul>
          <MoreButton query={queue} />
        </>
      );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {text.moderationHeading}
      </h2>
      {body}
      {toRemove ? (
        <ConfirmDialog
          title={text.removeConfirmTitle}
          question={text.removeConfirmQuestion}
          onCancel={() => setToRemove(null)}
          onConfirm={() =>
            action
              .run(
                `remove:${toRemove.id}`,
                () => removePost(toRemove.id, toRemove.why),
                focusHeading,
              )
              .then(() => setToRemove(null))
          }
        />
      ) : null}
      {toSuspend ? (
        <SuspendDialog
          userId={toSuspend.id}
          name={toSuspend.name}
          run={(task) => action.run(`suspend:${toSuspend.id}`, task)}
          onClose={() => setToSuspend(null)}
        />
      ) : null}
    </section>
  );
}

interface ModerationCardProps {
  item: ModerationItem;
  busy: boolean;
  run: (key: string, task: () => Promise<{ message: string }>) => void;
  onRemove: (reason?: string) => void;
  onSuspend: (userId: string, name: string) => void;
}

function ModerationCard({ item, busy, run, onRemove, onSuspend }: ModerationCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const typeName = text.targetTypes[item.targetType] ?? item.targetType;
  const what = item.snapshot.title ?? item.snapshot.ownerName ?? item.targetId;
  const label = `${typeName}: ${what}`;
  const ownerId = item.current?.ownerId ?? item.snapshot.ownerId;
  const ownerName = item.current?.ownerName ?? item.snapshot.ownerName ?? ownerId ?? '';
  const why = reason.trim() ? reason.trim() : undefined;
  const withReason = why ? { reason: why } : {};
  const key = `${item.targetType}:${item.targetId}`;

  function button(name: string, onClick: () => void, danger = false) {
    return (
      <button
        type="button"
        className={`button ${danger ? 'button--danger' : 'button--secondary'}`}
        disabled={busy}
        aria-label={text.moderationActionLabel(name, label)}
        onClick={onClick}
      >
        {name}
      </button>
    );
  }

  return (
    <li className="admin-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-card__title">
        {label}
        {item.hidden ? <span className="admin-badge">{text.hiddenMark}</span> : null}
      </h3>
      <p className="admin-card__sub">
        {text.reportCount(item.reports)} · {formatDay(item.firstReportedAt)}
        {item.lastReportedAt !== item.firstReportedAt ? ` – ${formatDay(item.lastReportedAt)}` : ''}
      </p>
      <p className="admin-card__sub">{text.owner(item.snapshot.ownerName)}</p>
      <ul className="admin-reasons">
        {Object.entries(item.reasons).map(([reasonKey, count]) => (
          <li key={reasonKey}>
            {messages.reporting.reasons[reasonKey] ?? reasonKey}: {count}
          </li>
        ))}
      </ul>
      <div className="admin-compare">
        <div>
          <h4>{text.asReported}</h4>
          <SnapshotText snapshot={item.snapshot} />
        </div>
        <div>
          <h4>{text.now}</h4>
          {item.current === null ? (
            <p>{text.gone}</p>
          ) : sameSnapshot(item.snapshot, item.current) ? (
            <p>{text.unchanged}</p>
          ) : (
            <SnapshotText snapshot={item.current} />
          )}
        </div>
      </div>
      {item.notes.length > 0 ? (
        <>
          <h4>{text.notes}</h4>
          <ul className="admin-notes">
            {item.notes.map((note, index) => (
              <li key={index}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="field">
        <label htmlFor={reasonId} className="field__label">
          {text.reasonOptionalLabel}
        </label>
        <input
          id={reasonId}
          className="field__input"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="admin-card__actions">
        {button(text.dismiss, () =>
          run(`dismiss:${key}`, () => dismissReports(item.targetType, item.targetId, why)),
        )}
        {item.targetType === 'post' && item.current !== null
          ? button(item.hidden ? text.unhidePost : text.hidePost, () =>
              run(`hide:${key}`, () => setPostHidden(item.targetId, !item.hidden, why)),
            )
          : null}
        {item.targetType === 'post' && item.current !== null
          ? button(text.removePost, () => onRemove(why), true)
          : null}
        {item.targetType === 'profile' && item.current !== null
          ? button(text.resetProfile, () =>
              run(`reset:${key}`, () =>
                resetProfile(item.targetId, { fields: ['name', 'bio'], ...withReason }),
              ),
            )
          : null}
        {item.targetType === 'club' && item.current !== null
          ? button(text.resetClub, () =>
              run(`reset:${key}`, () =>
                resetClub(item.targetId, { fields: ['name', 'description'], ...withReason }),
              ),
            )
          : null}
        {ownerId ? button(text.suspendOwner, () => onSuspend(ownerId, ownerName), true) : null}
      </div>
    </li>
  );
}
