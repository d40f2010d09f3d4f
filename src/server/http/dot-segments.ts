/**
 * True when a request's path holds a '.' or '..' segment, written plainly or percent-encoded
 * in any case ('%2e', '%2E'), between '/' or '\' separators (also when encoded). Browsers
 * remove such segments before sending, so only a hand-made request has one; refusing it means
 * our routes and better-auth always see the same endpoint (issue 8).
 */
export function hasDotSegment(url: string): boolean {
  // Nearly every URL holds no '.', '%' or '\': then no segment can be a dot one, and the
  // regular expressions below are skipped (they run on every request).
  if (url.indexOf('.') === -1 && url.indexOf('%') === -1 && url.indexOf('\\') === -1) {
    return false;
  }
  const end = url.search(/[?#]/);
  const path = (end === -1 ? url : url.slice(0, end))
    .replace(/%2e/gi, '.')
    .replace(/%2f|%5c|\\/gi, '/');
  return /(^|\/)\.{1,2}(\/|$)/.test(path);
}
