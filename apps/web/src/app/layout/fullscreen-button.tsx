import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Header fullscreen toggle. */
export function FullscreenButton({ color }: { color: string }) {
  const { t } = useTranslation();
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  if (!document.fullscreenEnabled) return null;
  const label = active ? t('UI_ExitFullscreen') : t('UI_Fullscreen');
  const toggle = () => {
    if (active) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return (
    <Button
      type="text"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={toggle}
      style={{ color }}
      icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    />
  );
}
