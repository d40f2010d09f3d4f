import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Book details (`/book/:isbn`); filled in by the books issue. */
export function BookPage() {
  useDocumentTitle('Book');
  const { isbn } = useParams();
  return (
    <div className="page">
      <h1>Book</h1>
      <p className="note">
        Details of the book with ISBN <code>{isbn}</code> will be shown here soon.
      </p>
    </div>
  );
}
