import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { antdLocaleFor } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';
import { queryClient } from '@/lib/query-client';
import { useSite } from '@/lib/web-context';
import { GlobalProgress } from './global-progress';
import { NotificationHost } from './notification-host';

function ThemedApp({ children }: { children: ReactNode }) {
  const { brand } = useSite();
  const lang = useLanguage();

  useEffect(() => {
    document.documentElement.style.setProperty('--brand-primary', brand.colors.primary);
    document.documentElement.style.setProperty('--brand-header', brand.colors.header);
  }, [brand]);

  return (
    <ConfigProvider
      locale={antdLocaleFor(lang)}
      theme={{
        token: { colorPrimary: brand.colors.primary, colorLink: brand.colors.primary, borderRadius: 6 },
        components: {
          Layout: { headerBg: brand.colors.header, headerPadding: '0 12px', headerHeight: 56, siderBg: '#ffffff' },
          Menu: { itemSelectedBg: brand.colors.ribbon, itemSelectedColor: brand.colors.primary },
        },
      }}
    >
      <NotificationHost />
      <GlobalProgress color={brand.colors.accent} />
      {children}
    </ConfigProvider>
  );
}

/** Query cache, brand theme and locale around the router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
