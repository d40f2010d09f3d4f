import { messages } from '../../../../lib/messages';
import type { HiddenUserProfile } from '../../../../lib/schemas/profile';
import { BlockReaderButton, UnblockReaderButton } from './block-reader';
import '../privacy.css';

/**
 * A profile the viewer may not see (issue 12): 'A reader' and why, or, to the reader who
 * blocked them, their name and Unblock. A hidden reader can still be blocked.
 */
export function HiddenProfile({ answer }: { answer: HiddenUserProfile }) {
  const { id, username } = answer.profile;
  return (
    <section className="hidden-profile" aria-label={username}>
      <h2>{username}</h2>
      <p>{answer.blockedByYou ? messages.privacy.youBlocked : messages.privacy.hiddenProfile}</p>
      <div className="profile-privacy-actions">
        {answer.blockedByYou ? (
          <UnblockReaderButton userId={id} name={username} />
        ) : (
          <BlockReaderButton userId={id} name={username} />
        )}
      </div>
    </section>
  );
}
