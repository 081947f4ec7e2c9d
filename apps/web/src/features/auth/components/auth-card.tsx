import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSelect } from '@/components/language-select';
import { useSite } from '@/lib/web-context';

type AuthCardProps = { title: string; children: ReactNode; width?: number };

/** The frame of the public pages: brand header strip, language selector and a centred card. */
export function AuthCard({ title, children, width = 420 }: AuthCardProps) {
  const { brand } = useSite();
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
        <LanguageSelect />
      </header>
      <main
        style={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', padding: '48px 16px' }}
      >
        <Card style={{ width: '100%', maxWidth: width, boxShadow: '0 6px 24px rgba(16, 24, 40, 0.08)' }}>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 4 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
            {brand.tagline}
          </Typography.Paragraph>
          {children}
        </Card>
      </main>
      <footer style={{ textAlign: 'center', padding: '16px', color: '#475467', fontSize: 13 }}>
        {brand.footer} · {new Date().getFullYear()}
      </footer>
    </div>
  );
}
