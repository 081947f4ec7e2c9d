import { StorageError } from './storage.ts';

const MAX_NAME_CHARS = 180;
const MAX_DEPTH = 32;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Characters no name keeps: controls, the separators, and the ones Windows refuses.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;
const ENCODED = /%[0-9a-f]{2}/i;

/**
 * A name a person gave (an uploaded file's, a new folder's) made safe to store: Unicode NFC, no control or
 * separator characters, no percent-encoded sequences, no leading dots or spaces, no trailing dots or spaces, not
 * a Windows reserved device name, at most 180 characters (the extension kept). An empty result is `fallback`.
 */
export function cleanName(name: string, fallback = 'file'): string {
  let cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_CHARS, '_')
    .replace(/%([0-9a-f]{2})/gi, '_$1')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  if (cleaned.length > MAX_NAME_CHARS) {
    const dot = cleaned.lastIndexOf('.');
    const ext = dot > 0 && cleaned.length - dot <= 12 ? cleaned.slice(dot) : '';
    cleaned = cleaned.slice(0, MAX_NAME_CHARS - ext.length).replace(/[\s.]+$/, '') + ext;
  }
  return cleaned || fallback;
}

/**
 * A path a caller sent, checked: backslashes count as slashes (spec part 2 §2), a doubled or trailing slash is
 * dropped, '' and '/' are the root; refused (StorageError 'bad-path') when it holds NUL or another control
 * character, a percent-encoded sequence (`%2e%2e`, `%2f`, `%00`, …: a caller never needs one, a decoder further
 * on might act on it), when it is absolute (`/etc/passwd`, a drive letter, `//host`), a `.` or `..` segment, or a name that `cleanName` would change (trailing
 * dots, reserved names, …). Answers the normalised path ('' for the root). Symbolic links are refused by the
 * directory implementation, which is the only one that has them.
 */
export function storagePath(input: string): string {
  const refuse = (why: string): never => {
    throw new StorageError('bad-path', `${why}: ${JSON.stringify(input.slice(0, 200))}`);
  };
  if (typeof input !== 'string') refuse('not a path');
  if (input.length > 1024) refuse('too long');
  if (ENCODED.test(input)) refuse('percent-encoded sequence');
  const slashed = input.replaceAll('\\', '/');
  if (slashed === '/') return '';
  if (slashed.startsWith('/')) refuse('absolute path');
  if (/^[a-z]:/i.test(slashed)) refuse('drive letter');
  const segments = slashed.split('/').filter((s) => s !== '');
  if (segments.length > MAX_DEPTH) refuse('too deep');
  for (const segment of segments) {
    if (segment === '.' || segment === '..') refuse('dot segment');
    if (cleanName(segment, '') !== segment) refuse('unsafe name');
  }
  return segments.join('/');
}

/** The folder of a normalised path ('' for the root) and its last name. */
export function splitPath(p: string): { parent: string; name: string } {
  const i = p.lastIndexOf('/');
  return i < 0 ? { parent: '', name: p } : { parent: p.slice(0, i), name: p.slice(i + 1) };
}
