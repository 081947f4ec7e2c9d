import { ConfigProvider } from 'antd';
import { Outlet } from 'react-router';
import { useAntdConfig } from './antd-locale';

/**
 * Every screen but /login: the Ant Design theme of the brand and its locale. A layout route loaded with the
 * first such screen, so /login loads none of Ant Design (docs/decisions/0023). The error popups have their own
 * host above the router (popup-host.tsx), so a popup stays when its page is left (a 403 goes to /login).
 */
export default function ThemedOutlet() {
  const { locale, theme } = useAntdConfig();
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <Outlet />
    </ConfigProvider>
  );
}
