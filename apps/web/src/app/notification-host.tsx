import { notification } from 'antd';
import { useEffect } from 'react';
import { registerNotificationApi } from '@/lib/error-popup';

/** Gives the API client's error popups a notification instance inside the themed, localised tree. */
export function NotificationHost() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 4 });
  useEffect(() => {
    registerNotificationApi(api);
    return () => registerNotificationApi(null);
  }, [api]);
  return holder;
}
