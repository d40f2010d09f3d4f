import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { CreateGridForm } from './create-grid-form';
import { ResetDateForm } from './reset-date-form';

/** SPEC.md section 2: set the reset date and create the shared grid. */
export function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <div className="page">
      <h1>Admin</h1>
      {/* Issue 24: the current shared card's season dashboard. */}
      <p>
        <Link to="/dashboard">{messages.dashboard.openDashboard}</Link>
      </p>
      <ResetDateForm />
      <CreateGridForm />
    </div>
  );
}
