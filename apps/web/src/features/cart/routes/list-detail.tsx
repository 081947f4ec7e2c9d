import { ArrowLeftOutlined, CopyOutlined, DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { LISTS, type ListLine, type ListOrderResponse } from '@portal/contract/lists';
import { centsOfNumber, euros } from '@portal/contract/money';
import { Alert, Button, Card, Checkbox, Empty, Modal, message, Result, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type CardColumn, LineCards } from '@/components/line-cards';
import { isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { usePhone } from '@/lib/use-media-query';
import { useDeleteList, useDuplicateList, useList, useOrderList, useRemoveListLine } from '../api/lists';
import { ListLineQuantity } from '../lists/line-quantity';
import { ListHeader } from '../lists/list-header';
import { ListOrderResult } from '../lists/order-result';
import '../lists/lists.css';

const refusalOf = (error: unknown) => (isApiError(error) ? (error.body?.message ?? null) : null);

/** /lists/:id — a list's lines at today's price and stock: quantities, remove, order all or the chosen lines. */
export default function ListDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const phone = usePhone();
  const list = useList(id);
  const duplicate = useDuplicateList();
  const remove = useDeleteList();
  const removeLine = useRemoveListLine();
  const order = useOrderList();
  const [chosen, setChosen] = useState<number[]>([]);
  const [result, setResult] = useState<ListOrderResponse | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const [notify, messageHolder] = message.useMessage({ top: 64 });

  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!list.data) {
    return (
      <Result
        status="404"
        title={t('WARN_NotFound')}
        extra={<Button onClick={() => navigate('/lists')}>{t('UI_LS_Back')}</Button>}
      />
    );
  }
  const { list: summary, lines, mayLock } = list.data;
  const edit = summary.mayEdit;
  const failed = (e: unknown) => void notify.error(t(refusalOf(e) ?? 'WARN_ValidationError'));
  const doOrder = (lineIds?: number[]) =>
    order.mutate(
      { id, lineIds },
      {
        onSuccess: (r) => {
          setResult(r);
          setChosen([]);
        },
        onError: failed,
      },
    );
  const confirmDelete = () =>
    modal.confirm({
      title: t('UI_LS_Delete'),
      content: t('UI_LS_DeleteConfirm', { name: summary.name }),
      okText: t('UI_LS_Delete'),
      okButtonProps: { danger: true },
      cancelText: t('UI_LS_Cancel'),
      onOk: () =>
        remove.mutateAsync(id).then((r) => {
          void notify.success(t(r.message));
          navigate('/lists');
        }),
    });
  const toggle = (lineId: number, on: boolean) =>
    setChosen((c) => (on ? [...c, lineId] : c.filter((x) => x !== lineId)));

  const columns: CardColumn<ListLine>[] = [
    {
      key: 'choose',
      // On a phone the card's label is the line's own box only (no "choose every line" on every card).
      title: phone ? null : (
        <Checkbox
          aria-label={t('UI_LS_ChooseAll')}
          checked={chosen.length > 0 && chosen.length === lines.length}
          indeterminate={chosen.length > 0 && chosen.length < lines.length}
          onChange={(e) => setChosen(e.target.checked ? lines.map((l) => l.id) : [])}
        />
      ),
      width: 48,
      card: 'label',
      render: (_: unknown, l: ListLine) => (
        <Checkbox
          aria-label={t('UI_LS_Choose', { ref: l.ref })}
          checked={chosen.includes(l.id)}
          onChange={(e) => toggle(l.id, e.target.checked)}
          data-testid="list-line-choose"
        />
      ),
    },
    {
      key: 'ref',
      title: t('UI_LS_Ref'),
      dataIndex: 'ref',
      card: 'title',
      render: (ref: string) => <Link to={`/product-list?ref=${encodeURIComponent(ref)}`}>{ref}</Link>,
    },
    {
      key: 'name',
      title: t('UI_LS_Article'),
      dataIndex: 'name',
      card: 'subtitle',
      render: (name: string, l: ListLine) => (
        <>
          {name}
          {l.sold ? null : (
            <Tag color="error" style={{ marginInlineStart: 8 }}>
              {t('UI_LS_NotSold')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'quantity',
      title: t('UI_LS_Quantity'),
      dataIndex: 'quantity',
      card: 'figure',
      width: 120,
      render: (q: number, l: ListLine) => (edit ? <ListLineQuantity listId={id} line={l} /> : q),
    },
    {
      key: 'price',
      title: t('UI_LS_Price'),
      dataIndex: 'price',
      card: 'figure',
      align: 'right',
      render: (p: number) => formatMoney(p),
    },
    {
      key: 'stock',
      title: t('UI_LS_Stock'),
      dataIndex: 'stock',
      card: 'figure',
      render: (s: number | null) =>
        s === null ? t('UI_LS_NoInfo') : s > 0 ? t('UI_LS_InStock', { count: s }) : t('UI_LS_NoStock'),
    },
    ...(edit
      ? [
          {
            key: 'remove',
            title: <span className="lists-sr-only">{t('UI_LS_Delete')}</span>,
            card: 'action' as const,
            width: 64,
            render: (_: unknown, l: ListLine) => (
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('UI_LS_Remove', { ref: l.ref })}
                title={t('UI_LS_Remove', { ref: l.ref })}
                onClick={() => removeLine.mutate({ id, lineId: l.id }, { onError: failed })}
                data-testid="list-line-remove"
              />
            ),
          },
        ]
      : []),
  ];

  // The ordered lines at today's price, added up in cents (the contract's money rules).
  const total = euros(lines.reduce((sum, l) => sum + (l.sold ? centsOfNumber(l.price) * BigInt(l.quantity) : 0n), 0n));
  return (
    <Card variant="borderless" data-testid="list-detail">
      {modalHolder}
      {messageHolder}
      <Link to="/lists">
        <ArrowLeftOutlined /> {t('UI_LS_Back')}
      </Link>
      <ListHeader summary={summary} mayLock={mayLock} onError={failed} />
      {summary.locked ? (
        <Alert type="info" showIcon title={t('UI_LS_LockedHelp')} data-testid="list-locked-note" />
      ) : null}
      <div className="list-toolbar">
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          disabled={lines.length === 0}
          loading={order.isPending && !order.variables?.lineIds}
          onClick={() => doOrder()}
          data-testid="list-order-all"
        >
          {t('UI_LS_OrderAll')}
        </Button>
        <Button
          icon={<ShoppingCartOutlined />}
          disabled={chosen.length === 0}
          loading={order.isPending && Boolean(order.variables?.lineIds)}
          onClick={() => doOrder(chosen)}
          data-testid="list-order-chosen"
        >
          {chosen.length === 0 ? t('UI_LS_OrderChosenNone') : t('UI_LS_OrderChosen', { count: chosen.length })}
        </Button>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            duplicate.mutate(
              { id, name: t('UI_LS_CopyName', { name: summary.name }).slice(0, LISTS.nameMax) },
              { onSuccess: (c) => navigate(`/lists/${c.id}`), onError: failed },
            )
          }
          data-testid="list-duplicate"
        >
          {t('UI_LS_Duplicate')}
        </Button>
        {edit ? (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="list-delete">
            {t('UI_LS_Delete')}
          </Button>
        ) : null}
      </div>
      {result ? <ListOrderResult result={result} /> : null}
      <div style={{ marginTop: 12 }}>
        {lines.length === 0 ? (
          <Empty description={t('UI_LS_NoLines')} data-testid="list-no-lines" />
        ) : phone ? (
          <LineCards<ListLine>
            columns={columns}
            rows={lines}
            rowKey={(l) => String(l.id)}
            label={summary.name}
            empty={null}
            testId="list-lines"
            itemTestId="list-line"
          />
        ) : (
          <Table<ListLine>
            columns={columns}
            dataSource={lines}
            rowKey="id"
            pagination={false}
            size="middle"
            aria-label={summary.name}
            data-testid="list-lines"
            onRow={() => ({ 'data-testid': 'list-line' }) as React.HTMLAttributes<HTMLElement>}
          />
        )}
      </div>
      {lines.length > 0 ? (
        <p style={{ marginTop: 12, fontWeight: 600 }} data-testid="list-total">
          {t('UI_LS_Total', { amount: formatMoney(total) })}
        </p>
      ) : null}
    </Card>
  );
}
