import type { StockAlert } from '@portal/contract/notifications';
import { message as antMessage, Button, Card, Empty, List, Modal, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useCancelStockAlert } from '../api/cancel-stock-alert';
import { useStockAlerts } from '../api/get-stock-alerts';

/** The status tags' colours, dark enough on their light backgrounds (WCAG AA contrast). */
const STATUS_STYLE: Record<StockAlert['status'], { color: string; background: string; borderColor: string }> = {
  pending: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  fired: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  cancelled: { color: 'rgba(0, 0, 0, 0.75)', background: '#fafafa', borderColor: '#d9d9d9' },
};

/** /stock-alerts: the caller's "back in stock" alerts, the pending ones first asked; cancel after a confirmation. */
export function StockAlertsScreen() {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const alerts = useStockAlerts(!all);
  const cancel = useCancelStockAlert();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage({ top: 64 });
  const confirmCancel = (a: StockAlert) =>
    modal.confirm({
      title: t('UI_SA_Cancel'),
      content: t('UI_SA_CancelConfirm', { ref: a.ref, store: a.storeName }),
      okText: t('UI_SA_CancelConfirmOk'),
      cancelText: t('UI_SA_Keep'),
      onOk: () => cancel.mutateAsync(a.id).then((r) => void message.success(t(r.message))),
    });
  const rows = alerts.data?.rows ?? [];
  return (
    <Card variant="borderless" title={t('UI_SA_Title')}>
      {modalHolder}
      {messageHolder}
      <Typography.Paragraph>{t('UI_SA_Intro')}</Typography.Paragraph>
      <div style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <Switch id="stock-alerts-all" checked={all} onChange={setAll} data-testid="stock-alerts-all" />
        <label htmlFor="stock-alerts-all">{t('UI_SA_ShowAll')}</label>
      </div>
      {alerts.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : rows.length === 0 ? (
        <Empty description={t('UI_SA_Empty')} />
      ) : (
        <List<StockAlert>
          data-testid="stock-alerts"
          dataSource={rows}
          rowKey="id"
          renderItem={(a) => (
            <List.Item
              data-testid="stock-alert"
              actions={
                a.status === 'pending'
                  ? [
                      <Button key="cancel" size="small" onClick={() => confirmCancel(a)}>
                        {t('UI_SA_Cancel')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
                    <Link to={`/product-list?ref=${encodeURIComponent(a.ref)}`}>{a.ref}</Link>
                    <Tag style={STATUS_STYLE[a.status]}>{t(`UI_SA_Status_${a.status}`)}</Tag>
                  </span>
                }
                description={
                  <div style={{ color: 'rgba(0, 0, 0, 0.7)' }}>
                    <div>{a.name}</div>
                    <div>
                      {t('UI_SA_Store')}: {a.storeName}
                    </div>
                    <div>
                      {t('UI_SA_Created')} {formatDateTime(a.createdAt)}
                      {a.closedAt && a.status !== 'pending'
                        ? ` · ${t(`UI_SA_Closed_${a.status}`)} ${formatDateTime(a.closedAt)}`
                        : ''}
                    </div>
                  </div>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
