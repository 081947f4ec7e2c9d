import fs from 'node:fs';
import path from 'node:path';

/**
 * Resolves a path given by a caller inside one storage root, or answers null when it would leave it
 * (`..`, absolute paths, symbolic links pointing outside). Backslashes count as slashes (spec part 2 §2).
 */
export function resolveInside(root: string, relative: string): string | null {
  const cleaned = relative.replaceAll('\\', '/');
  if (cleaned.includes('\0')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, `./${cleaned.replace(/^\/+/, '')}`);
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  if (!fs.existsSync(target)) return target;
  const real = fs.realpathSync(target);
  const realBase = fs.existsSync(base) ? fs.realpathSync(base) : base;
  return real === realBase || real.startsWith(realBase + path.sep) ? real : null;
}

/** A Content-Disposition value safe for any file name (RFC 6266 with an ASCII fallback). */
export function attachment(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
