import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The tags a review may keep: the server's own allow-list (plain text with emphasis and
 * paragraphs). No attribute survives, so no handler (onerror=...), link or style can either.
 */
const REVIEW_PURIFY_CONFIG = {
  ALLOWED_TAGS: ['b', 'i', 'em', 'strong', 'p', 'br'],
  ALLOWED_ATTR: [] as string[],
};

/** A review's HTML made harmless: scripts, handlers and javascript: links are dropped. */
export function sanitizePostBody(html: string): string {
  return DOMPurify.sanitize(html, REVIEW_PURIFY_CONFIG);
}

/**
 * A review's body. The server sanitised it when it was written and again when it is sent;
 * DOMPurify cleans it once more in the browser before it touches the DOM (DESIGN.md).
 */
export function PostBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizePostBody(html), [html]);
  return <div className="post__body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
