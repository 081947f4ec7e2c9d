import { HomeOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandTexts } from '@/lib/brand-texts';
import { useSite } from '@/lib/web-context';
import { useRouteTitleKey } from '../route-handle';

/** The strip under the header: brand ribbon text and the current page title (also the document title). */
export function Ribbon() {
  const { t } = useTranslation();
  const { brand } = useSite();
  const { ribbon } = useBrandTexts();
  const titleKey = useRouteTitleKey();
  const title = titleKey ? t(titleKey) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${brand.name}` : brand.name;
  }, [title, brand.name]);

  return (
    <nav
      aria-label={t('UI_Breadcrumb')}
      style={{
        background: brand.colors.ribbon,
        borderBottom: `1px solid ${brand.colors.primary}22`,
        padding: '8px 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        flexWrap: 'wrap',
        fontSize: 13,
      }}
    >
      <Link
        to="/dashboard"
        style={{ color: brand.colors.header, display: 'inline-flex', gap: 6, alignItems: 'center' }}
      >
        <HomeOutlined aria-hidden="true" />
        {ribbon}
      </Link>
      {title ? (
        <>
          <RightOutlined aria-hidden="true" style={{ fontSize: 10, color: '#667085' }} />
          <h1 style={{ margin: 0, fontSize: 13, fontWeight: 600, color: '#101828' }} data-testid="page-title">
            {title}
          </h1>
        </>
      ) : null}
    </nav>
  );
}
