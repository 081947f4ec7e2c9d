import { Layout } from 'antd';
import { ZoneMenus } from '@/features/menus/components/zone-menus';
import { useBrandTexts } from '@/lib/brand-texts';

/** The footer of the brand. */
export function AppFooter() {
  const { footer } = useBrandTexts();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '14px 16px', fontSize: 13, color: '#475467' }}>
      <ZoneMenus zone="footer" />
      {footer} · © {new Date().getFullYear()}
    </Layout.Footer>
  );
}
