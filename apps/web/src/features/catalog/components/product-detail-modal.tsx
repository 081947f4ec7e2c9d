import type { Product } from '@portal/contract/catalog';
import { LIMITS } from '@portal/contract/constants';
import { Col, Modal, Row, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/language';
import { useMediaQuery } from '@/lib/use-media-query';
import { useProduct } from '../api/get-product';
import { FitmentsTable } from './fitments-table';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { RelatedProducts } from './related-products';
import { TechnicalFiles } from './technical-files';

type ProductDetailModalProps = {
  /** The result that was opened (shown at once while the detail loads); null when closed. */
  product: Product | null;
  /** The vehicle of the search, so the detail speaks of it. */
  vehicle: { marca?: number; modelo?: number };
  onSelect: (product: Product) => void;
  onClose: () => void;
};

/** The full-size detail: pictures, summary, fitments, technical files and related products. */
export function ProductDetailModal({ product, vehicle, onSelect, onClose }: ProductDetailModalProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx}px)`);
  const detail = useProduct(product?.id_articulo, {
    lang,
    modelid: product?.modelo_id ?? undefined,
    marca: vehicle.marca,
    modelo: vehicle.modelo,
  });
  const data = detail.data?.product.id_articulo === product?.id_articulo ? detail.data : undefined;
  const shown = data?.product ?? product;

  return (
    <Modal
      open={product !== null}
      onCancel={onClose}
      footer={null}
      width={narrow ? '100vw' : '95vw'}
      style={{ top: narrow ? 0 : 16, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{
        container: narrow ? { minHeight: '100vh', borderRadius: 0 } : {},
        // The title wraps before the close button instead of running under it.
        title: { paddingInlineEnd: 32 },
      }}
      title={shown ? `${shown.ref_jumasa} · ${shown.descripcion}` : ''}
      destroyOnHidden
      data-testid="product-detail"
    >
      {shown ? (
        <div key={`${shown.id_articulo}-${shown.modelo_id ?? 0}`} data-testid="product-detail-body">
          <Row gutter={[24, 16]}>
            <Col xs={24} md={10}>
              {data ? (
                <ProductGallery
                  images={data.images.length ? data.images : shown.image ? [shown.image] : []}
                  alt={shown.ref_jumasa}
                />
              ) : (
                <Skeleton.Node active style={{ width: '100%', height: 320 }} />
              )}
            </Col>
            <Col xs={24} md={14}>
              <ProductSummary product={shown} />
            </Col>
          </Row>
          {data ? (
            <Tabs
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'fitments',
                  label: `${t('UI_Catalog_Fitments')} (${data.fitments.length})`,
                  children: <FitmentsTable fitments={data.fitments} />,
                },
                {
                  key: 'files',
                  label: t('UI_Catalog_TechnicalFiles'),
                  children: <TechnicalFiles supplier={shown.stw_Proveedor} reference={shown.ref_jumasa} />,
                },
                {
                  key: 'same',
                  label: `${t('UI_Catalog_RelatedSameFamily')} (${data.related_same_family.length})`,
                  children: <RelatedProducts products={data.related_same_family} onSelect={onSelect} />,
                },
                {
                  key: 'other',
                  label: `${t('UI_Catalog_RelatedOtherFamilies')} (${data.related_other_families.length})`,
                  children: <RelatedProducts products={data.related_other_families} onSelect={onSelect} />,
                },
              ]}
            />
          ) : (
            <Skeleton active style={{ marginTop: 16 }} paragraph={{ rows: 6 }} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
