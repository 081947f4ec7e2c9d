import type { ArticleRow } from './catalog-rows.ts';

const FAMILY_COLOURS: Record<string, string> = {
  '01': '#1f5fa8',
  '02': '#6b7280',
  '24': '#d97706',
  '25': '#0f766e',
  '26': '#0284c7',
  '27': '#ca8a04',
  '28': '#7c3aed',
  '29': '#be123c',
};

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A clean product card picture: family colour, part name, reference; view n is a variant of it. */
export function articleSvg(
  row: Pick<ArticleRow, 'family_code' | 'description' | 'ref_jumasa' | 'supplier'>,
  n: number,
) {
  const colour = FAMILY_COLOURS[row.family_code] ?? '#1f5fa8';
  const words = row.description.split(' ');
  const title = escapeXml(words.slice(0, 3).join(' '));
  const shape =
    n === 1
      ? `<circle cx="200" cy="120" r="62" fill="none" stroke="${colour}" stroke-width="14"/><circle cx="200" cy="120" r="18" fill="${colour}"/>`
      : n === 2
        ? `<rect x="130" y="60" width="140" height="120" rx="16" fill="none" stroke="${colour}" stroke-width="12"/>`
        : `<path d="M120 180 L200 50 L280 180 Z" fill="none" stroke="${colour}" stroke-width="12"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${title}">
<rect width="400" height="300" fill="#f5f7fa"/>${shape}
<text x="200" y="232" font-family="Arial, sans-serif" font-size="22" font-weight="bold" fill="#1f2937" text-anchor="middle">${title}</text>
<text x="200" y="262" font-family="Arial, sans-serif" font-size="16" fill="#4b5563" text-anchor="middle">${escapeXml(row.supplier)} · ${escapeXml(row.ref_jumasa)}</text>
</svg>`;
}
