/** The support address the server writes into `<meta name="support-email">` of index.html. */
export const FALLBACK_SUPPORT_EMAIL = 'support@hedgehog-bingo.example';

export function readSupportEmail(doc: Document = document): string {
  const content = doc.querySelector('meta[name="support-email"]')?.getAttribute('content')?.trim();
  // Unfilled in development (the Vite dev server serves the placeholder as is).
  if (!content || content.includes('%') || !content.includes('@')) return FALLBACK_SUPPORT_EMAIL;
  return content;
}
