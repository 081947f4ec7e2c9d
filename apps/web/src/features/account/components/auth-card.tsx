import { type ReactNode, useEffect } from 'react';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSwitch } from '@/components/language-switch';
import { useBrandTexts } from '@/lib/brand-texts';
import { useSite } from '@/lib/web-context';

type AuthCardProps = { title: string; children: ReactNode; width?: number };

/**
 * The frame of the public pages: brand header strip, language choice and a centred panel. Plain
 * elements rather than antd Card and Typography keep /login within its JS budget.
 */
export function AuthCard({ title, children, width = 420 }: AuthCardProps) {
  const { brand } = useSite();
  const { tagline, footer } = useBrandTexts();

  useEffect(() => {
    document.title = `${title} · ${brand.name}`;
  }, [title, brand.name]);

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: brand.colors.ribbon }}>
      <header
        style={{
          background: brand.colors.header,
          padding: '10px 20px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          flexWrap: 'wrap',
        }}
      >
        <BrandLogo brand={brand} textColor={brand.colors.headerText} />
        <LanguageSwitch />
      </header>
      <main
        style={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', padding: '40px 16px' }}
      >
        <section
          className="auth-panel"
          aria-labelledby="auth-title"
          style={{
            width: '100%',
            maxWidth: width,
            background: '#fff',
            borderRadius: 10,
            padding: '28px 28px 24px',
            boxShadow: '0 6px 24px rgba(16, 24, 40, 0.08)',
          }}
        >
          <h1 id="auth-title" style={{ fontSize: 22, lineHeight: 1.3, margin: '0 0 4px', color: '#101828' }}>
            {title}
          </h1>
          <p style={{ margin: '0 0 20px', color: '#667085' }}>{tagline}</p>
          {children}
        </section>
      </main>
      <footer style={{ textAlign: 'center', padding: 16, color: '#475467', fontSize: 13 }}>
        {footer} · © {new Date().getFullYear()}
      </footer>
    </div>
  );
}
