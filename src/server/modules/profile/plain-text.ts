import sanitizeHtml from 'sanitize-html';

const STRIP_EVERYTHING: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const MAX_PASSES = 5;

/** Undoes the escaping sanitize-html applies to text, so the result reads as typed. */
function decodeEscapes(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

/**
 * Plain text from whatever was typed (the bio, SPEC.md section 5): tags and their scripts are
 * removed, and entities are decoded so '&' stays '&'. Repeated until nothing changes, so text
 * that decodes into markup ('&lt;b&gt;') loses it too; whatever survives holds no tag.
 */
export function toPlainText(input: string): string {
  let text = input;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = decodeEscapes(sanitizeHtml(text, STRIP_EVERYTHING)).trim();
    if (next === text) return next;
    text = next;
  }
  // Deeply nested escapes: give up decoding and drop every angle bracket.
  return text.replace(/[<>]/g, '');
}
