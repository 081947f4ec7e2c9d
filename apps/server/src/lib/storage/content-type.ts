import { STORED_CONTENT_TYPES } from '@portal/contract/files';

/**
 * What a file is, recognised by its first bytes (magic numbers), never by the name or the type the browser
 * sent. Executables and SVG (which can carry script) are refused whatever they are called.
 */
export type ContentKind = keyof typeof STORED_CONTENT_TYPES;

export const IMAGE_KINDS: readonly ContentKind[] = ['jpeg', 'png', 'webp', 'gif'];

/** How many leading bytes `recognise` needs to decide. */
export const HEAD_BYTES = 4096;

export type Recognised = { kind: ContentKind; contentType: string } | { refused: 'executable' | 'svg' | 'unknown' };

const starts = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, text: string, at = 0) => head.toString('latin1', at, at + text.length) === text;
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

function isExecutable(head: Buffer): boolean {
  return (
    ascii(head, 'MZ') || // Windows PE / DOS
    starts(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    starts(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    starts(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    starts(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O, Java class
    ascii(head, '#!') || // scripts
    starts(head, [0x00, 0x61, 0x73, 0x6d]) // WebAssembly
  );
}

/** Markup a browser would run or render (SVG, HTML, XML that may be SVG): refused as text. */
function isMarkup(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  return /<svg[\s>]/.test(text.toLowerCase()) || /^<(\?xml|!doctype|html|script|svg)/.test(start);
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // Valid UTF-8 (a multi-byte character cut at the end of the head is allowed).
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const bad = (text.match(/\uFFFD/g) ?? []).length;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what text does not hold.
  return bad <= 1 && !/[\u0001-\u0008\u000e-\u001f]/.test(text);
}

/**
 * Recognises a file's content from its first bytes (HEAD_BYTES of them, fewer when the file is shorter).
 * The name only separates the formats that share a container (xlsx/docx are ZIP files, CSV is text).
 */
export function recognise(head: Buffer, fileName: string): Recognised {
  if (isExecutable(head)) return { refused: 'executable' };
  const found = (kind: ContentKind): Recognised => ({ kind, contentType: STORED_CONTENT_TYPES[kind] });
  if (starts(head, [0xff, 0xd8, 0xff])) return found('jpeg');
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return found('png');
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return found('webp');
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return found('gif');
  if (ascii(head, '%PDF-')) return found('pdf');
  const ext = extensionOf(fileName);
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) {
    if (ext === 'xlsx' || ext === 'xlsm') return found('xlsx');
    if (ext === 'docx') return found('docx');
    return { refused: 'unknown' };
  }
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return found('xls');
  if (head.length > 0 && looksLikeText(head)) {
    if (isMarkup(head.toString('utf8'))) return { refused: 'svg' };
    if (ext === 'csv' || ext === 'xlt') return found('csv');
    if (ext === 'txt') return found('text');
  }
  return { refused: 'unknown' };
}
