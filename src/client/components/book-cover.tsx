import { useState } from 'react';

interface BookCoverProps {
  /** The thumbnail, or the server's generated cover (/api/books/{isbn}/cover.svg). */
  coverUrl: string | null;
  title: string;
  isbn?: string | null;
  size?: 'small' | 'medium' | 'large';
}

/**
 * A book cover that never shows a broken image: when the thumbnail fails to load it falls back
 * to the server's generated cover, and without an ISBN to a plain hedgehog-coloured block.
 */
export function BookCover({ coverUrl, title, isbn, size = 'medium' }: BookCoverProps) {
  const generated = isbn ? `/api/books/${encodeURIComponent(isbn)}/cover.svg` : null;
  const [src, setSrc] = useState(coverUrl ?? generated);
  const className = `book-cover book-cover--${size}`;
  if (!src) {
    return (
      <span
        className={`${className} book-cover--blank`}
        role="img"
        aria-label={`Cover of ${title}`}
      >
        <span aria-hidden="true">{title.slice(0, 1)}</span>
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={`Cover of ${title}`}
      loading="lazy"
      decoding="async"
      onError={() => setSrc(src === generated ? null : generated)}
    />
  );
}
