import type { AvailabilityResponse, Product } from '@portal/contract/catalog';
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CardColumn, CardTotals, LineCards } from '@/components/line-cards';
import { StockDot } from '@/components/stock-dots';
import { useLanguage } from '@/lib/language';
import { usePhone } from '@/lib/use-media-query';
import { useAvailability } from '../api/get-availability';
import { useArticleAlerts } from '../api/stock-alerts';
import { StockAlertAction } from './stock-alert-action';

type Store = AvailabilityResponse['availabilityinvent'][number];

/** Status and stock of an article in every store (spec part 1 §3 Availability). */
export function AvailabilityModal({
  product,
  open,
  onClose,
}: {
  product: Product;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const phone = usePhone();
  const availability = useAvailability(
    product.id_articulo,
    { familia: product.familia_id, referencia: product.ref_jumasa, lang },
    open,
  );
  const stores = availability.data?.availabilityinvent ?? [];
  const alerts = useArticleAlerts(product.id_articulo, open);
  const alertOf = (storeId: string) => alerts.data?.rows.find((a) => a.storeId === storeId);
  const title = `${t('UI_Catalog_Availability')} · ${product.ref_jumasa}`;
  const store: CardColumn<Store> = { key: 'nombre', dataIndex: 'nombre', title: t('UI_Catalog_Store'), card: 'title' };
  const city: CardColumn<Store> = { key: 'city', dataIndex: 'city', title: t('UI_Catalog_City'), card: 'subtitle' };
  const status: CardColumn<Store> = {
    key: 'status',
    title: t('UI_Catalog_Status'),
    card: 'figure',
    render: (_, s) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <StockDot store={s.nombre} status={s.status} />
        {t(`AVAILABILITY_${s.status}`)}
      </span>
    ),
  };
  const stock: CardColumn<Store> = {
    key: 'wsstock',
    dataIndex: 'wsstock',
    title: t('UI_Catalog_Stock'),
    align: 'right',
    card: 'figure',
    render: (v: number | null) => v ?? '—',
  };
  // A store without stock of a tracked article (status 0: nowhere, 1: in another store) offers a "back in stock"
  // alert (issue 26); the others have nothing to wait for.
  const alert: CardColumn<Store> = {
    key: 'alert',
    title: t('UI_SA_Title'),
    card: 'action',
    render: (_, s) =>
      s.status === 0 || s.status === 1 ? (
        <StockAlertAction
          articleId={product.id_articulo}
          articleRef={product.ref_jumasa}
          storeId={s.id_almacen}
          storeName={s.nombre}
          alert={alertOf(s.id_almacen)}
        />
      ) : null,
  };
  // On a phone each store is a card: its name and city, then its stock and its status (decision 0070).
  const columns = phone ? [store, city, stock, status, alert] : [store, city, status, stock, alert];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={880}
      className="availability-modal"
      title={title}
      destroyOnHidden
    >
      {phone ? (
        <LineCards<Store>
          columns={columns}
          rows={stores}
          rowKey={(s) => s.id_almacen}
          label={title}
          empty={null}
          loading={availability.isPending}
          testId="availability-cards"
          itemTestId="availability-store"
          footer={
            availability.data ? (
              <CardTotals
                items={[
                  {
                    key: 'total',
                    label: t('UI_Catalog_TotalStock'),
                    value: <span data-testid="availability-total">{availability.data.wsstock}</span>,
                    strong: true,
                  },
                ]}
              />
            ) : null
          }
        />
      ) : (
        <Table<Store>
          size="small"
          data-testid="availability-table"
          loading={availability.isPending}
          rowKey="id_almacen"
          dataSource={stores}
          pagination={false}
          scroll={{ x: 720 }}
          columns={columns}
          summary={() =>
            availability.data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>{t('UI_Catalog_TotalStock')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="availability-total">{availability.data.wsstock}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </Modal>
  );
}
