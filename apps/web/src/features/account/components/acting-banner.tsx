import { UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth-storage';
import { isActing, leaveActing } from '../acting-session';
import { postStopActing, useActing } from '../api/acting';

/**
 * "Actuando como … — volver" (decision 0035): shown on every screen of an acting session; Volver ends the session
 * on the server and puts the staff member's own session back.
 */
export function ActingBanner() {
  const { t } = useTranslation();
  const auth = useAuth();
  const acting = isActing() && auth !== null;
  const info = useActing(acting);
  const [leaving, setLeaving] = useState(false);
  if (!acting) return null;
  const goBack = async () => {
    setLeaving(true);
    await postStopActing().catch(() => undefined);
    // A full load: no screen or cached answer of the customer's session survives.
    window.location.assign(leaveActing() ? '/dashboard' : '/login');
  };
  const data = info.data?.acting;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<UserSwitchOutlined />}
      role="status"
      data-testid="acting-banner"
      banner
      title={t('UI_Access_ActingBanner', {
        user: auth.userName,
        actor: data?.actorUserName ?? '…',
        until: data ? dayjs(data.until).format('HH:mm') : '…',
      })}
      action={
        <Button size="small" type="primary" onClick={goBack} loading={leaving} data-testid="acting-return">
          {t('UI_Access_ActingReturn')}
        </Button>
      }
    />
  );
}
