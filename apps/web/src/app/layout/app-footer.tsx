import { Layout } from 'antd';
import { useSite } from '@/lib/web-context';

/** The footer of the brand. */
export function AppFooter() {
  const { brand } = useSite();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '14px 16px', fontSize: 13, color: '#475467' }}>
      {brand.footer} · © {new Date().getFullYear()}
    </Layout.Footer>
  );
}
