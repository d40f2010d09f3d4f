import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Swipe-style recommendations (SPEC.md section 2); filled in by the recommendations issue. */
export function RecommendationsPage() {
  useDocumentTitle('Book Recommendations');
  return (
    <div className="page">
      <h1>Book Recommendations</h1>
      <p className="note">
        Our hedgehogs are sniffing out books you will love. Recommendations arrive soon.
      </p>
      <Link to="/bingo" className="button button--secondary">
        {messages.recommendations.backToBingo}
      </Link>
    </div>
  );
}
