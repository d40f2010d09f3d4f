import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** A friend's read-only profile (`/friend/:userId`); filled in by the profile issue. */
export function FriendPage() {
  useDocumentTitle('Friend');
  const { userId } = useParams();
  return (
    <div className="page">
      <h1>Friend</h1>
      <p className="note">
        The profile of reader <code>{userId}</code> will be shown here soon.
      </p>
    </div>
  );
}
