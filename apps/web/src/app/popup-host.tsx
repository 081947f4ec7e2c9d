import { ConfigProvider } from 'antd';
import { useAntdConfig } from './antd-locale';
import { NotificationHost } from './notification-host';

/**
 * The error popups' host, themed like the screens. Loaded with the first popup (the login page loads no
 * component library until then, decision 0023) and mounted above the router, so a popup outlives its page.
 */
export default function PopupHost() {
  const { locale, theme } = useAntdConfig();
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <NotificationHost />
    </ConfigProvider>
  );
}
