import { ConfigProvider } from 'antd';
import { useLanguage } from '@/lib/language';
import { useSite } from '@/lib/web-context';
import { antdLocaleFor, antdThemeFor } from './antd-locale';
import { NotificationHost } from './notification-host';

/**
 * The error popups' host, themed like the screens. Loaded with the first popup (the login page loads no
 * component library until then, decision 0023) and mounted above the router, so a popup outlives its page.
 */
export default function PopupHost() {
  const { brand } = useSite();
  const lang = useLanguage();
  return (
    <ConfigProvider locale={antdLocaleFor(lang)} theme={antdThemeFor(brand.colors)}>
      <NotificationHost />
    </ConfigProvider>
  );
}
