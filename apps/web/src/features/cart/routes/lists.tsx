import { CopyOutlined, DeleteOutlined, LockOutlined, PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { LISTS, type ListOrderResponse, type ListSummary } from '@portal/contract/lists';
import { Alert, Button, Card, Empty, Input, Modal, message, Skeleton, Space, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useCreateList, useDeleteList, useDuplicateList, useLists, useOrderList } from '../api/lists';
import { ListOrderResult } from '../lists/order-result';
import '../lists/lists.css';

const refusalOf = (error: unknown) => (isApiError(error) ? (error.body?.message ?? null) : null);

/** /lists — the lists of the caller's client as cards (issue 26; decision 0080): open, order, duplicate, delete. */
export default function ListsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useLists();
  const create = useCreateList();
  const duplicate = useDuplicateList();
  const remove = useDeleteList();
  const order = useOrderList();
  const [name, setName] = useState('');
  const [result, setResult] = useState<ListOrderResponse | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const [notify, messageHolder] = message.useMessage({ top: 64 });
  const nameId = useId();

  const submit = () => {
    if (name.trim() === '') return;
    create.mutate(name, {
      onSuccess: (answer) => {
        setName('');
        navigate(`/lists/${answer.list.id}`);
      },
    });
  };
  const copy = (l: ListSummary) =>
    duplicate.mutate(
      { id: l.id, name: t('UI_LS_CopyName', { name: l.name }).slice(0, LISTS.nameMax) },
      {
        onSuccess: (c) => void notify.success(t('UI_LS_AddedTo', { name: c.name })),
        onError: (e) => void notify.error(t(refusalOf(e) ?? 'WARN_ValidationError')),
      },
    );
  const confirmDelete = (l: ListSummary) =>
    modal.confirm({
      title: t('UI_LS_Delete'),
      content: t('UI_LS_DeleteConfirm', { name: l.name }),
      okText: t('UI_LS_Delete'),
      okButtonProps: { danger: true },
      cancelText: t('UI_LS_Cancel'),
      onOk: () => remove.mutateAsync(l.id).then((r) => void notify.success(t(r.message))),
    });

  const rows = lists.data?.rows ?? [];
  const createRefusal = refusalOf(create.error);
  return (
    <Card variant="borderless" title={t('UI_Title_Lists')} data-testid="lists">
      {modalHolder}
      {messageHolder}
      <Typography.Paragraph>{t('UI_LS_Intro')}</Typography.Paragraph>
      <form
        className="lists-new"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={nameId}>{t('UI_LS_New')}</label>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Input
            id={nameId}
            value={name}
            maxLength={LISTS.nameMax}
            placeholder={t('UI_LS_Name')}
            onChange={(e) => {
              setName(e.target.value);
              create.reset();
            }}
            status={createRefusal ? 'error' : undefined}
            aria-describedby={createRefusal ? `${nameId}-error` : undefined}
            data-testid="list-new-name"
          />
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={create.isPending}
            disabled={name.trim() === ''}
            data-testid="list-create"
          >
            {t('UI_LS_Create')}
          </Button>
        </Space.Compact>
        {createRefusal ? (
          <div id={`${nameId}-error`} role="alert" className="lists-error" data-testid="list-new-error">
            {t(createRefusal)}
          </div>
        ) : null}
      </form>
      {result ? <ListOrderResult result={result} /> : null}
      {lists.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rows.length === 0 ? (
        <Empty description={t('UI_LS_Empty')} data-testid="lists-empty" />
      ) : (
        <ul className="lists-grid" aria-label={t('UI_LS_ListsOf')}>
          {rows.map((l) => (
            <li key={l.id} className="lists-card" data-testid="list-card">
              <div className="lists-card-head">
                <Link to={`/lists/${l.id}`} className="lists-card-name" aria-label={t('UI_LS_Open', { name: l.name })}>
                  {l.name}
                </Link>
                {l.locked ? (
                  <Tag icon={<LockOutlined />} className="lists-locked" title={t('UI_LS_LockedHelp')}>
                    {t('UI_LS_Locked')}
                  </Tag>
                ) : null}
              </div>
              <div className="lists-card-facts">
                {t('UI_LS_Lines', { count: l.lines })} · {t('UI_LS_Units', { count: l.units })}
              </div>
              <div className="lists-card-when">
                {l.updatedBy
                  ? t('UI_LS_Updated', { date: formatDate(l.updatedAt), user: l.updatedBy })
                  : t('UI_LS_UpdatedOn', { date: formatDate(l.updatedAt) })}
              </div>
              <div className="lists-card-actions">
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  disabled={l.lines === 0}
                  loading={order.isPending && order.variables?.id === l.id}
                  onClick={() => order.mutate({ id: l.id }, { onSuccess: setResult })}
                  data-testid="list-order-all"
                >
                  {t('UI_LS_OrderAll')}
                </Button>
                <Button icon={<CopyOutlined />} onClick={() => copy(l)} data-testid="list-duplicate">
                  {t('UI_LS_Duplicate')}
                </Button>
                {l.mayEdit ? (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('UI_LS_Delete')} ${l.name}`}
                    onClick={() => confirmDelete(l)}
                    data-testid="list-delete"
                  >
                    {t('UI_LS_Delete')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {order.error ? <Alert type="error" showIcon title={t(refusalOf(order.error) ?? 'WARN_ValidationError')} /> : null}
    </Card>
  );
}
