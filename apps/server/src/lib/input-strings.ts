/**
 * Text a request may not carry (docs/decisions/0017-input-strings.md): the NUL character, which PostgreSQL
 * refuses in text (a 500 if it got there), and a UTF-16 surrogate without its pair, which is not a character:
 * encoded for the database it silently becomes U+FFFD, so what was stored would not be what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string, or null when it may go anywhere. */
export function unsafeTextReason(text: string): string | null {
  if (text.includes('\0')) return 'NUL character (U+0000) not allowed';
  if (LONE_SURROGATE.test(text)) return 'unpaired surrogate (not valid Unicode) not allowed';
  return null;
}

/**
 * The first string of a parsed value (object keys included) that may not be stored, as its dotted path and
 * the reason; null when every string is safe. Only what parsers make is walked (strings, arrays, plain
 * objects), not buffers or streams, and with its own stack: a deeply nested body cannot overflow the call stack.
 */
export function findUnsafeText(value: unknown): { path: string; reason: string } | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path, reason };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, path ? `${path}.${i}` : String(i)]);
      });
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unsafeTextReason(key);
        if (reason) return { path, reason: `key: ${reason}` };
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** An object made of data: by JSON.parse, or by the query and form parsers (a prototype with nothing above it). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
