/**
 * Text a request may not carry (docs/decisions/0017-input-strings.md): the NUL character, which PostgreSQL
 * refuses in text (a 500 if it got there), and a UTF-16 surrogate without its pair, which is not a character:
 * encoded for the database it silently becomes U+FFFD, so what was stored would not be what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One scan that finds nothing in almost every string. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it looks for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** What is wrong with a string, or null when it may go anywhere. */
export function unsafeTextReason(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\0')) return 'NUL character (U+0000) not allowed';
  if (LONE_SURROGATE.test(text)) return 'unpaired surrogate (not valid Unicode) not allowed';
  return null;
}

/**
 * A string of a parsed value (object keys included) that may not be stored, as its dotted path and
 * the reason; null when every string is safe. Only what parsers make is walked (strings, arrays, plain
 * objects), not buffers or streams, and with its own stack: a deeply nested body cannot overflow the call stack.
 */
export function findUnsafeText(value: unknown): { path: string; reason: string } | null {
  // Each entry: a value and where it sits (its parent entry and key); the path is spelled only when needed.
  type Entry = { value: unknown; parent: Entry | null; key: string };
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let e: Entry | null = entry; e?.parent; e = e.parent) keys.push(e.key);
    // A deeply nested body names the first levels only.
    const path = keys.reverse().slice(0, 12).join('.');
    return keys.length > 12 ? `${path}…` : path;
  };
  const stack: Entry[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path: pathOf(entry), reason };
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push({ value: current[i], parent: entry, key: String(i) });
    } else if (isPlainObject(current)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const reason = unsafeTextReason(key);
        if (reason) return { path: pathOf(entry), reason: `key: ${reason}` };
        stack.push({ value: current[key], parent: entry, key });
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
