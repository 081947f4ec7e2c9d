import { getErpConnection } from '@portal/contract/erp-connection';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, callKey } from '@/lib/call';

/**
 * Says plainly when no ERP is connected (decision 0067): no integration client that is not revoked holds erp.events,
 * so web orders and refunds stay not imported. Where one is, names who receives the events. Admins' screens only
 * (sync, web-order control, a refund's staff panel): the call is theirs. `onlyWhenMissing` keeps it silent when one is.
 */
export function ErpConnectionNotice({ onlyWhenMissing = false }: { onlyWhenMissing?: boolean }) {
  const { t } = useTranslation();
  const state = useQuery({
    queryKey: callKey(getErpConnection),
    queryFn: () => call(getErpConnection, {}),
    staleTime: 30_000,
  });
  if (!state.data) return null;
  if (!state.data.connected) {
    return (
      <Alert
        type="warning"
        showIcon
        role="status"
        data-testid="erp-not-connected"
        message={t('ERP_NotConnected')}
        description={
          <>
            {t('ERP_NotConnectedHelp')} <Link to="/setting/integrations">{t('ERP_ConnectLink')}</Link>
          </>
        }
      />
    );
  }
  if (onlyWhenMissing) return null;
  const names = state.data.clients.map((c) => c.name).join(', ');
  return (
    <Alert
      type={state.data.demo ? 'info' : 'success'}
      showIcon
      data-testid="erp-connected"
      message={t(state.data.demo ? 'ERP_ConnectedDemo' : 'ERP_Connected', { names })}
    />
  );
}
