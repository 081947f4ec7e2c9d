import { ConfigProvider } from 'antd';
import { Outlet } from 'react-router';
import { useLanguage } from '@/lib/language';
import { useSite } from '@/lib/web-context';
import { antdLocaleFor, antdThemeFor } from './antd-locale';

/**
 * Every screen but /login: the Ant Design theme of the brand and its locale. A layout route loaded with the
 * first such screen, so /login loads none of Ant Design (docs/decisions/0023). The error popups have their own
 * host above the router (popup-host.tsx), so a popup stays when its page is left (a 403 goes to /login).
 */
export default function ThemedOutlet() {
  const { brand } = useSite();
  const lang = useLanguage();
  return (
    <ConfigProvider locale={antdLocaleFor(lang)} theme={antdThemeFor(brand.colors)}>
      <Outlet />
    </ConfigProvider>
  );
}
