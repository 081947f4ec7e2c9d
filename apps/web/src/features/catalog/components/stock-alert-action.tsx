import { BellOutlined, CheckCircleOutlined } from '@ant-design/icons';
import type { StockAlert } from '@portal/contract/notifications';
import { message as antMessage, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAskStockAlert, useCancelArticleAlert } from '../api/stock-alerts';

/**
 * A store without stock in the availability dialog (issue 26): "Tell me when it is in stock", or, once asked, that
 * the alert is set and a way to cancel it (after a confirmation).
 */
export function StockAlertAction({
  articleId,
  articleRef,
  storeId,
  storeName,
  alert,
}: {
  articleId: number;
  articleRef: string;
  storeId: string;
  storeName: string;
  alert: StockAlert | undefined;
}) {
  const { t } = useTranslation();
  const ask = useAskStockAlert();
  const cancel = useCancelArticleAlert();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage({ top: 64 });
  if (alert) {
    return (
      <Space size={4} wrap data-testid="stock-alert-set">
        {modalHolder}
        {messageHolder}
        <Typography.Text>
          <CheckCircleOutlined style={{ color: '#389e0d' }} /> {t('UI_SA_Asked')}
        </Typography.Text>
        <Button
          size="small"
          aria-label={t('UI_SA_CancelIn', { store: storeName })}
          onClick={() =>
            modal.confirm({
              title: t('UI_SA_Cancel'),
              content: t('UI_SA_CancelConfirm', { ref: articleRef, store: storeName }),
              okText: t('UI_SA_CancelConfirmOk'),
              cancelText: t('UI_SA_Keep'),
              onOk: () => cancel.mutateAsync(alert.id).then((r) => void message.success(t(r.message))),
            })
          }
        >
          {t('UI_SA_Cancel')}
        </Button>
      </Space>
    );
  }
  return (
    <>
      {messageHolder}
      <Button
        size="small"
        icon={<BellOutlined />}
        loading={ask.isPending}
        aria-label={t('UI_SA_AskIn', { store: storeName })}
        data-testid="stock-alert-ask"
        onClick={() => ask.mutate({ articleId, storeId }, { onSuccess: (r) => void message.success(t(r.message)) })}
      >
        {t('UI_SA_Ask')}
      </Button>
    </>
  );
}
