import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type SafeHtmlProps = { html: string; className?: string; style?: React.CSSProperties };

/** Renders admin-authored HTML after sanitising it again in the browser (DESIGN §5). */
export function SafeHtml({ html, className, style }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={className} style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}
