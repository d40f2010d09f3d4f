import { messages } from '../../../../lib/messages';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Own profile (SPEC.md section 2). A placeholder until the profile issue: name and bio only. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useCurrentUser();
  const name = user?.username || user?.name || messages.profile.fallbackName;
  return (
    <div className="page">
      <h1>Profile</h1>
      <section className="panel" aria-label="About you">
        <h2>{name}</h2>
        <p>{user?.bio ? user.bio : messages.profile.noBio}</p>
      </section>
      <p className="note">Your books, want-to-read list, stats and friends are on their way.</p>
    </div>
  );
}
