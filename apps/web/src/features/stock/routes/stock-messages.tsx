import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { StockMessage } from '@portal/contract/stock';
import { Alert, Button, type ButtonProps, Card, Modal, message, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDeleteStockMessageMutation } from '../api/delete-stock-message';
import { useStockMessage } from '../api/get-stock-message';
import { useStockMessages } from '../api/get-stock-messages';
import { useUbicaciones } from '../api/get-ubicaciones';
import { StockMessageForm } from '../components/stock-message-form';
import { StockMessageList } from '../components/stock-message-list';
import '../stock.css';

/**
 * /setting/stockmessages and /setting/stockmessages/:detail — the messages shown when goods travel from one store
 * to another (spec part 2 §2): the list with a store filter, a popup form to add one, a detail route to edit one
 * (text, stores, active flag), deletion after confirmation. Decision 0041.
 */
export default function StockMessagesRoute() {
  const { detail } = useParams();
  const id = detail && /^\d+$/.test(detail) ? Number(detail) : null;
  return id === null ? <StockMessagesList /> : <StockMessageDetail id={id} />;
}

function useConfirmDelete(after: () => void) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const remove = useDeleteStockMessageMutation();
  const confirm = (m: StockMessage) =>
    modal.confirm({
      title: t('WARN_DeleteElement'),
      content: t('UI_Rules_ConfirmDeleteMessage', {
        origin: m.InventLocationOrigenName,
        destination: m.InventLocationDestineName,
      }),
      okText: t('UI_Rules_Delete'),
      cancelText: t('UI_Rules_Cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        await remove.mutateAsync(m.Id);
        void notify.success(t('WARN_DeleteOK'));
        after();
      },
    });
  return { confirm, holders: [modalHolder, notifyHolder] };
}

function StockMessagesList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const store = params.get('ubicacion') || undefined;
  const stores = useUbicaciones();
  const messages = useStockMessages(store);
  const [adding, setAdding] = useState(false);
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const { confirm, holders } = useConfirmDelete(() => undefined);

  return (
    <Card variant="borderless" title={t('UI_Title_StockMessages')}>
      {holders}
      {notifyHolder}
      <div className="stock-page__head">
        <div className="stock-page__filter">
          <label htmlFor="stock-message-store">{t('UI_Rules_Store')}</label>
          <Select
            id="stock-message-store"
            allowClear={{ label: t('UI_A11y_Clear') }}
            placeholder={t('UI_Rules_AllStores')}
            value={store}
            loading={stores.isPending}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(value?: string) => setParams(value ? { ubicacion: value } : {}, { replace: true })}
            data-testid="stock-message-store-filter"
          />
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="stock-message-new">
          {t('UI_Rules_NewMessage')}
        </Button>
      </div>
      {messages.isError ? <Alert type="error" showIcon title={t('UI_Rules_LoadFailed')} /> : null}
      <StockMessageList messages={messages.data ?? []} loading={messages.isPending} onDelete={confirm} />
      <Modal
        open={adding}
        title={t('UI_Rules_NewMessage')}
        footer={null}
        onCancel={() => setAdding(false)}
        destroyOnHidden
        width={640}
      >
        {stores.data ? (
          <StockMessageForm
            stores={stores.data}
            defaultOrigin={store}
            onCancel={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              void notify.success(t('WARN_SaveOK'));
            }}
          />
        ) : (
          <Skeleton active />
        )}
      </Modal>
    </Card>
  );
}

function StockMessageDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useUbicaciones();
  const found = useStockMessage(id);
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const back = () => navigate('/setting/stockmessages');
  const { confirm, holders } = useConfirmDelete(back);

  return (
    <Card
      variant="borderless"
      className="stock-detail"
      title={t('UI_Rules_EditMessageTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="stock-message-back">
          {t('UI_Rules_Back')}
        </Button>
      }
    >
      {holders}
      {notifyHolder}
      {found.isError ? (
        <Alert type="warning" showIcon title={t('UI_Rules_MessageNotFound')} data-testid="stock-message-missing" />
      ) : found.data && stores.data ? (
        <>
          <StockMessageForm
            key={`${found.data.Id}-${found.dataUpdatedAt}`}
            stores={stores.data}
            message={found.data}
            onSaved={() => void notify.success(t('WARN_SaveOK'))}
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirm(found.data)}
            data-testid="stock-message-remove"
          >
            {t('UI_Rules_Delete')}
          </Button>
        </>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
