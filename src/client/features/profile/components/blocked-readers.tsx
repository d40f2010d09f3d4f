import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '../../../../lib/messages';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { blockedReadersQueryOptions } from '../api/privacy-api';
import { UnblockReaderButton } from './block-reader';
import '../privacy.css';

function BlockedList() {
  const blocked = useQuery(blockedReadersQueryOptions);
  if (blocked.isPending) return <Spinner label={messages.privacy.blockedListTitle} />;
  if (blocked.isError)
    return <LoadError error={blocked.error} fallback={messages.privacy.loadBlockedFailed} />;
  if (blocked.data.blocked.length === 0)
    return <p className="empty">{messages.privacy.noBlocked}</p>;
  return (
    <ul>
      {blocked.data.blocked.map((reader) => (
        <li key={reader.id} className="friend-row">
          <span className="blocked-readers__name">{reader.username}</span>
          <UnblockReaderButton userId={reader.id} name={reader.username} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The readers this reader blocked, each with Unblock (issue 12), behind a disclosure button:
 * the list is rarely wanted, so it is loaded only when opened.
 */
export function BlockedReaders() {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section className="blocked-readers">
      <div>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {messages.privacy.blockedListTitle}
        </button>
      </div>
      <div id={listId} hidden={!isOpen}>
        {isOpen ? <BlockedList /> : null}
      </div>
    </section>
  );
}
