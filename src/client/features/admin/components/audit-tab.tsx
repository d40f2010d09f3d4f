import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { messages } from '../../../../lib/messages';
import type { AuditEntry } from '../../../../lib/schemas/audit';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { listAudit } from '../api/admin-api';
import { formatMoment } from '../format';
import { MoreButton } from './more-button';

const text = messages.adminPage;

function detailText(entry: AuditEntry): string {
  return Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

/** Issue 23: what admins and moderators did, newest first, 50 a page; nothing here edits it. */
export function AuditTab() {
  const headingId = useId();
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => listAudit(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

  let body;
  if (log.isPending) body = <Spinner label={text.loadingAudit} showLabel />;
  else if (log.isError) body = <LoadError error={log.error} fallback={text.loadFailed} />;
  else {
    const entries = log.data.pages.flatMap((page) => page.entries);
    body =
      entries.length === 0 ? (
        <p className="empty">{text.noAudit}</p>
      ) : (
        <>
          <ol className="admin-cards" aria-labelledby={headingId}>
            {entries.map((entry) => {
              const detail = detailText(entry);
              return (
                <li key={entry.id} className="admin-card">
                  <h3 className="admin-card__title">
                    {text.auditActions[entry.action] ?? entry.action}
                  </h3>
                  <p className="admin-card__sub">
                    <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>{' '}
                    {text.auditBy(entry.actorName)}
                  </p>
                  <p className="admin-card__sub">{messages.auditNames.target(entry.targetLabel)}</p>
                  {entry.reason ? <p>{entry.reason}</p> : null}
                  {detail ? <p className="admin-card__sub">{detail}</p> : null}
                </li>
              );
            })}
          </ol>
          <MoreButton query={log} />
        </>
      );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.auditHeading}</h2>
      {body}
    </section>
  );
}
