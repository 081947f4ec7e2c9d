/**
 * The file name of a download from its Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first,
 * then `filename="…"`; folders are dropped, so a name never leaves the downloads folder. Else `fallback`.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]?.trim()) : undefined;
  }
  const last = name?.split(/[\\/]/).pop() ?? '';
  const base = Array.from(last)
    .filter((c) => c.charCodeAt(0) >= 32)
    .join('')
    .trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}
