import { AppstoreOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { FinishCheckoutResponse } from '@portal/contract/cart';
import { Alert, Button, Card, Result, Skeleton, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type CardColumn, CardTotals, LineCards } from '@/components/line-cards';
import { formatMoney, formatRate } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { usePhone } from '@/lib/use-media-query';
import { useCartCheckout } from '../api/get-locations-per-cart-id';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useDownloadReceipt } from '../api/get-receipt';
import { LocationItems } from '../components/location-items';
import '../checkout.css';

type OrderRow = {
  key: string;
  id: number | null;
  nombre: string;
  payment: string;
  netAmount: number;
  vatAmount: number;
  totalAmount: number;
};

/** /my-cart/checkoutresult/:tarjetaId/:cartId — the web orders made per store, the totals and the receipt PDF. */
export default function CheckoutResultRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { tarjetaId = '0', cartId: cartParam } = useParams();
  const cartId = Number(cartParam);
  const state = useLocation().state as { result?: FinishCheckoutResponse } | null;
  const header = useCartCheckout(cartId, lang);
  const payments = usePaymentMethods();
  const download = useDownloadReceipt();
  const phone = usePhone();

  if (header.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (!header.data) return <Alert type="error" showIcon title={t('Warn_CheckoutERR')} />;
  const data = header.data;
  const finished = data.finished || data.salesid.length > 0;
  const orders = state?.result?.weborders ?? [];
  const paymentLabel = (id: number | null) =>
    payments.data?.availablemethods.find((m) => m.id === id)?.paymentmodelabel ?? '';
  const rows: OrderRow[] = data.cartlocations.map((l) => {
    const order = orders.find((o) => o.id_almacen === l.id_almacen);
    return {
      key: l.id_almacen,
      id: order?.id ?? null,
      nombre: l.nombre,
      payment: order?.payment ?? paymentLabel(l.paymentmethod),
      netAmount: order?.netAmount ?? l.netAmount,
      vatAmount: order?.vatAmount ?? l.vatAmount,
      totalAmount: order?.totalAmount ?? l.totalAmount,
    };
  });

  // On a phone each store's web order is a card: the store, then base, VAT and total, then the order and payment
  // (decision 0070); the totals follow the cards.
  const vatTitle = t('UI_Checkout_Vat', { rate: formatRate(data.cartlocations[0]?.vatRate ?? 0) });
  const money = (value: number) => <span className="checkout-money">{formatMoney(value)}</span>;
  const columns: CardColumn<OrderRow>[] = [
    { key: 'store', title: t('UI_Cart_Store'), dataIndex: 'nombre', card: 'title' },
    {
      key: 'id',
      title: t('UI_CheckoutResult_WebOrder'),
      dataIndex: 'id',
      card: 'label',
      render: (id: number | null) => (id === null ? '—' : `#${id}`),
    },
    { key: 'payment', title: t('UI_Checkout_PaymentMethod'), dataIndex: 'payment', card: 'detail' },
    {
      key: 'net',
      title: t('UI_Checkout_VatBase'),
      align: 'right',
      card: 'figure',
      render: (_, r) => money(r.netAmount),
    },
    { key: 'vat', title: vatTitle, align: 'right', card: 'figure', render: (_, r) => money(r.vatAmount) },
    {
      key: 'total',
      title: t('UI_Checkout_TotalWithVat'),
      align: 'right',
      card: 'figure',
      render: (_, r) => money(r.totalAmount),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="checkout-result">
      <Card>
        <Result
          status={finished ? 'success' : 'warning'}
          title={finished ? t('UI_CheckoutResult_Title') : t('UI_CheckoutResult_NotFinished')}
          subTitle={
            finished ? (
              <span className="checkout-result-orders" data-testid="result-orders">
                {t('UI_CheckoutResult_Orders', {
                  orders: [...data.salesid]
                    .sort((a, b) => a - b)
                    .map((id) => `#${id}`)
                    .join(', '),
                })}
              </span>
            ) : undefined
          }
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              {finished ? (
                <Button
                  type="primary"
                  icon={<FilePdfOutlined />}
                  loading={download.isPending}
                  onClick={() => download.mutate({ tarjetaId, cartId })}
                  data-testid="download-receipt"
                >
                  {t('UI_CheckoutResult_DownloadPdf')}
                </Button>
              ) : null}
              <Button icon={<AppstoreOutlined />} onClick={() => navigate('/product-list/')}>
                {t('UI_Cart_ContinueShopping')}
              </Button>
            </Space>
          }
        />
      </Card>
      <Card title={t('UI_CheckoutResult_WebOrders')} size="small">
        {phone ? (
          <LineCards<OrderRow>
            columns={columns}
            rows={rows}
            rowKey={(r) => r.key}
            label={t('UI_CheckoutResult_WebOrders')}
            empty={null}
            testId="result-cards"
            itemTestId="result-order"
            footer={
              <CardTotals
                testId="result-totals"
                items={[
                  { key: 'list', label: t('UI_Cart_ListAmount'), value: formatMoney(data.totals.listAmount) },
                  {
                    key: 'net',
                    label: t('UI_Checkout_VatBase'),
                    value: <span data-testid="result-total">{formatMoney(data.totals.netAmount)}</span>,
                  },
                  {
                    key: 'vat',
                    label: vatTitle,
                    value: <span data-testid="result-vat">{formatMoney(data.vatAmount)}</span>,
                  },
                  {
                    key: 'total',
                    label: t('UI_Checkout_TotalWithVat'),
                    value: <span data-testid="result-total-vat">{formatMoney(data.totalAmount)}</span>,
                    strong: true,
                  },
                ]}
              />
            }
          />
        ) : (
          <Table<OrderRow>
            size="small"
            rowKey="key"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 760 }}
            data-testid="result-table"
            columns={columns}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>{t('UI_Cart_Totals')}</strong>{' '}
                  <span className="checkout-muted">
                    ({t('UI_Cart_ListAmount')} {formatMoney(data.totals.listAmount)})
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span className="checkout-money" data-testid="result-total">
                    {formatMoney(data.totals.netAmount)}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <span className="checkout-money" data-testid="result-vat">
                    {formatMoney(data.vatAmount)}
                  </span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong className="checkout-money" data-testid="result-total-vat">
                    {formatMoney(data.totalAmount)}
                  </strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
      </Card>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}>
        {data.cartlocations.map((l) => (
          <Card key={l.id_almacen} size="small" title={l.nombre}>
            <LocationItems location={l} />
          </Card>
        ))}
      </div>
    </div>
  );
}
