import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { Friend } from '../../../../lib/schemas/friends';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { NotKeptOffline } from '../../../offline/offline-read-only';
import { friendsQueryOptions } from '../api/friends-api';
import { useFriendActions } from '../hooks/use-friend-actions';
import { AddFriendModal } from './add-friend-modal';
import { BlockedReaders } from './blocked-readers';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

export const FRIENDS_TEXT = {
  loading: 'Loading your friends list...',
  empty: 'No friends yet. Add a friend to compare points and read their reviews!',
} as const;

/** SPEC.md section 4: 'Wants to be friends' to the receiver, 'Request sent' to the sender. */
function statusLabelOf(friend: Friend): string {
  if (friend.status === 'accepted') return messages.friends.friendLabel;
  return friend.isReceived ? messages.friends.wantsToBeFriends : messages.friends.requestSentLabel;
}

function statusClassOf(friend: Friend): string {
  if (friend.status === 'accepted') return 'badge badge--friend';
  return friend.isReceived ? 'badge badge--incoming' : 'badge badge--muted';
}

/**
 * Friends: every friendship in both directions, linking to /friend/{userId}. Only the receiver
 * of a pending request gets Accept and Reject (SPEC.md section 6); an accepted friend can be
 * removed by either side.
 */
export function FriendsTab() {
  const friends = useQuery(friendsQueryOptions);
  const { send, accept, reject, remove } = useFriendActions();
  const [isAdding, setIsAdding] = useState(false);
  // Accept, Reject and Remove: one request at a time, even for an instant double click.
  const acting = useSubmitGuard();
  const busyId =
    (accept.isPending && accept.variables) ||
    (reject.isPending && reject.variables) ||
    (remove.isPending && remove.variables) ||
    null;

  let list;
  if (friends.isPending)
    // Issue 26: offline, a list never loaded on this device waits (paused) instead of failing.
    list =
      friends.fetchStatus === 'paused' ? (
        <NotKeptOffline />
      ) : (
        <Spinner label={FRIENDS_TEXT.loading} showLabel />
      );
  else if (friends.isError && !friends.data)
    list = <LoadError error={friends.error} fallback={messages.friends.loadFailed} />;
  else if (friends.data.friends.length === 0) list = <p className="empty">{FRIENDS_TEXT.empty}</p>;
  else
    list = (
      <ul className="friend-list">
        {friends.data.friends.map((friend) => {
          const isBusy = busyId === friend.id;
          return (
            <li key={friend.id} className="friend-row">
              <div className="friend-row__who">
                {/* A request sent to a reader who keeps their profile hidden: 'A reader', no
                    link and no points until they answer (decision 014). */}
                {friend.userId === null ? (
                  <span className="friend-row__name">{friend.username}</span>
                ) : (
                  <Link
                    to={`/friend/${encodeURIComponent(friend.userId)}`}
                    className="friend-row__name"
                  >
                    {friend.username}
                  </Link>
                )}
                {friend.points === null ? null : (
                  <span className="friend-row__points">
                    {messages.bingo.pointsLabel(friend.points)}
                  </span>
                )}
              </div>
              <span className={statusClassOf(friend)}>{statusLabelOf(friend)}</span>
              <div className="friend-row__actions">
                {friend.status === 'pending' && friend.isReceived ? (
                  <>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      disabled={isBusy}
                      onClick={() => void acting.run(() => accept.mutateAsync(friend.id))}
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      disabled={isBusy}
                      onClick={() => void acting.run(() => reject.mutateAsync(friend.id))}
                    >
                      Reject
                    </button>
                  </>
                ) : null}
                {friend.status === 'accepted' ? (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    disabled={isBusy}
                    onClick={() => void acting.run(() => remove.mutateAsync(friend.id))}
                  >
                    Remove
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      <div className="tab-toolbar">
        <button type="button" className="button button--primary" onClick={() => setIsAdding(true)}>
          Add Friend
        </button>
      </div>
      {list}
      <BlockedReaders />
      {isAdding ? (
        <AddFriendModal
          isSending={send.isPending}
          onClose={() => setIsAdding(false)}
          onAdd={async (query) => {
            try {
              await send.mutateAsync(query);
              return true;
            } catch {
              // The hook has shown the server's answer as a toast.
              return false;
            }
          }}
        />
      ) : null}
    </>
  );
}
