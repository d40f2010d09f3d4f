/**
 * True when a request's path holds a '.' or '..' segment, written plainly or percent-encoded
 * in any case ('%2e', '%2E'), between '/' or '\' separators (also when encoded). Browsers
 * remove such segments before sending, so only a hand-made request has one; refusing it means
 * our routes and better-auth always see the same endpoint (issue 8).
 */
export function hasDotSegment(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = (end === -1 ? url : url.slice(0, end))
    .replace(/%2e/gi, '.')
    .replace(/%2f|%5c|\\/gi, '/');
  return /(^|\/)\.{1,2}(\/|$)/.test(path);
}
