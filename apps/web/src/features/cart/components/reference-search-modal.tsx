import { SearchOutlined } from '@ant-design/icons';
import type { Product } from '@portal/contract/catalog';
import { LIMITS } from '@portal/contract/constants';
import { Button, Empty, Form, Input, Modal, Pagination, Space, Table } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StockDots } from '@/components/stock-dots';
import { formatMoney } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { useReferenceSearch } from '../api/get-reference-search';
import { isReferenceTooShort } from '../cart-state';
import { ReferenceAdd } from './reference-add';

type ReferenceSearchModalProps = { open: boolean; onClose: () => void; notify: MessageInstance };

/** Search by reference from the cart (at least 5 characters), pages of 8, each result with quantity and add. */
export function ReferenceSearchModal({ open, onClose, notify }: ReferenceSearchModalProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [draft, setDraft] = useState('');
  const [reference, setReference] = useState('');
  const [page, setPage] = useState(1);
  const [tooShort, setTooShort] = useState(false);
  const results = useReferenceSearch(reference, page - 1, lang, open && reference !== '');

  const search = () => {
    const value = draft.trim();
    if (isReferenceTooShort(value)) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setReference(value);
    setPage(1);
  };

  const records = results.data?.records ?? [];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={920}
      title={t('UI_Cart_SearchByReference')}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('UI_Catalog_Reference')}
          htmlFor="cart-ref-search"
          validateStatus={tooShort ? 'error' : undefined}
          help={tooShort ? <span data-testid="ref-search-warning">{t('WARN_REFCodeShort')}</span> : undefined}
          extra={tooShort ? undefined : t('UI_Catalog_ReferenceHint')}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="cart-ref-search"
              autoFocus
              value={draft}
              aria-invalid={tooShort || undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                if (tooShort && !isReferenceTooShort(e.target.value)) setTooShort(false);
              }}
              onPressEnter={search}
              allowClear
            />
            <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="ref-search-submit">
              {t('UI_Catalog_Search')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {reference === '' ? null : records.length === 0 && !results.isFetching ? (
        <Empty description={t('UI_Catalog_EmptyTitle')} />
      ) : (
        <>
          <Table<Product>
            size="small"
            rowKey="id_articulo"
            loading={results.isFetching}
            dataSource={records}
            pagination={false}
            scroll={{ x: 720 }}
            data-testid="ref-search-results"
            onRow={() => ({ 'data-testid': 'ref-search-row' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                key: 'ref',
                title: t('UI_Catalog_Reference'),
                render: (_, p) => (
                  <>
                    <div className="cart-ref">{p.ref_jumasa}</div>
                    <div className="cart-muted">{p.stw_Proveedor}</div>
                  </>
                ),
              },
              { key: 'desc', title: t('UI_Catalog_Description'), dataIndex: 'descripcion' },
              {
                key: 'price',
                title: t('UI_Cart_NetPrice'),
                align: 'right',
                render: (_, p) => <span className="cart-money">{formatMoney(p.preciocliente)}</span>,
              },
              { key: 'stock', title: t('UI_Catalog_Stock'), render: (_, p) => <StockDots stock={p.stock} /> },
              { key: 'add', width: 130, render: (_, p) => <ReferenceAdd product={p} notify={notify} /> },
            ]}
          />
          {(results.data?.count ?? 0) > LIMITS.cartSearchPageSize ? (
            <Pagination
              style={{ marginTop: 12 }}
              align="center"
              current={page}
              pageSize={LIMITS.cartSearchPageSize}
              total={results.data?.count ?? 0}
              showSizeChanger={false}
              onChange={setPage}
              data-testid="ref-search-pager"
            />
          ) : null}
        </>
      )}
    </Modal>
  );
}
