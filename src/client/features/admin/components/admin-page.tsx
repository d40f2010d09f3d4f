import { messages } from '../../../../lib/messages';
import { Tabs } from '../../../components/tabs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import '../admin.css';
import { AuditTab } from './audit-tab';
import { BooksTab } from './books-tab';
import { CardTab } from './card-tab';
import { ModerationTab } from './moderation-tab';
import { ReadersTab } from './readers-tab';

const text = messages.adminPage;

/**
 * SPEC.md section 2 and issue 23: the admin's tools as tabs (WAI-ARIA, arrow keys move between
 * them). Each tab loads its data only when it is opened.
 */
export function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <div className="page admin-page">
      <h1>Admin</h1>
      <Tabs
        label={text.tabsLabel}
        tabs={[
          { id: 'card', label: text.tabCard, render: () => <CardTab /> },
          { id: 'readers', label: text.tabReaders, render: () => <ReadersTab /> },
          { id: 'books', label: text.tabBooks, render: () => <BooksTab /> },
          { id: 'audit', label: text.tabAudit, render: () => <AuditTab /> },
          { id: 'moderation', label: text.tabModeration, render: () => <ModerationTab /> },
        ]}
      />
    </div>
  );
}
