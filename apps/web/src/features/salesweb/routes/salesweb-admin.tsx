import { SyncOutlined } from '@ant-design/icons';
import { webOrderCalls } from '@portal/contract/sales-calls';
import { Button, message, Popconfirm, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErpConnectionNotice } from '@/components/erp-connection-notice';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { webOrdersControlGridQueryOptions } from '../api/get-web-orders-control-grid';
import { useReloadNonProcessed } from '../api/post-reload-non-processed';
import { WebOrdersScreen } from '../components/web-orders-screen';

/** The button that queues again the web orders the ERP has not imported, after a confirmation. */
function ReloadButton() {
  const { t } = useTranslation();
  const [notify, holder] = message.useMessage({ top: 64 });
  const reload = useReloadNonProcessed();
  return (
    <>
      {holder}
      <Popconfirm
        title={t('UI_SalesWebAdmin_ReloadTitle')}
        description={t('UI_SalesWebAdmin_ReloadConfirm')}
        okText={t('UI_SalesWebAdmin_ReloadOk')}
        cancelText={t('UI_Docs_Cancel')}
        onConfirm={() =>
          reload.mutate(undefined, {
            onSuccess: (result) =>
              void notify.success({
                content: t('UI_SalesWebAdmin_Reloaded', { queued: result.queued, pending: result.pending }),
                duration: 6,
              }),
          })
        }
      >
        <Button type="primary" icon={<SyncOutlined />} loading={reload.isPending} data-testid="reload-non-processed">
          {t('UI_SalesWebAdmin_Reload')}
        </Button>
      </Popconfirm>
    </>
  );
}

/**
 * /salesweb-admin — the control list of every client's web orders with their ERP import state, and the
 * reload of those not processed (admins; spec part 2 §2, §4). The selected order is `?id=` in the URL.
 */
export default function SalesWebAdminRoute() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const [search, setSearch] = useSearchParams();
  if (isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!mayCall(webOrderCalls.controlGrid, user)) {
    return (
      <Result
        status="403"
        title={t('UI_AccessDeniedTitle')}
        subTitle={t('UI_SalesWebAdmin_AdminsOnly')}
        data-testid="admins-only"
      />
    );
  }
  return (
    <WebOrdersScreen
      control
      query={webOrdersControlGridQueryOptions}
      selected={search.get('id') ?? undefined}
      onSelect={(id) =>
        setSearch(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('id', String(id));
            return next;
          },
          { preventScrollReset: true },
        )
      }
      label={t('UI_Title_SalesWebAdmin')}
      toolbar={<ReloadButton />}
      notice={<ErpConnectionNotice />}
    />
  );
}
