import { displayDocumentId } from '@portal/contract/sales';
import { Button, Modal } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * The documents a document relates to: the row field holding their ids, the column (and fact) label, the
 * key of the fact in a detail panel, their screen, and the title of the popup that lists several.
 */
export const RELATED_DOCUMENTS = {
  sales: {
    field: 'SalesRelated',
    label: 'UI_Col_Order',
    factKey: 'sales',
    path: '/sales/',
    title: 'UI_Docs_RelatedSales',
  },
  packingslip: {
    field: 'PackingSlipRelated',
    label: 'UI_Col_PackingSlip',
    factKey: 'packing',
    path: '/packingslip/',
    title: 'UI_Docs_RelatedPackingSlips',
  },
  invoice: {
    field: 'InvoiceRelated',
    label: 'UI_Col_Invoice',
    factKey: 'invoice',
    path: '/invoice/',
    title: 'UI_Docs_RelatedInvoices',
  },
} as const;
export type RelatedKind = keyof typeof RELATED_DOCUMENTS;
export type RelatedField = (typeof RELATED_DOCUMENTS)[RelatedKind]['field'];

type Props = {
  ids: readonly string[];
  /** The screen of one of the ids, e.g. `/packingslip/ALB1`. */
  to: (id: string) => string;
  /** The popup's title, e.g. "Albaranes relacionados". */
  title: string;
  /** The document the ids relate to (shown in the popup's title). */
  of: string;
};

/**
 * Related documents of a row (spec part 2 §2): one id is a link to its screen; several show "** Varios",
 * which opens a popup listing a link to each. Ids shaped 41 + two letters + digits show without the 41.
 */
export function RelatedLinks({ ids, to, title, of }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (ids.length === 0) return null;
  if (ids.length === 1) {
    const id = ids[0] ?? '';
    return (
      <Link to={to(id)} onClick={stop} className="doc-nowrap" data-testid="related-link">
        {displayDocumentId(id)}
      </Link>
    );
  }
  return (
    <>
      <Button
        type="link"
        size="small"
        className="doc-cell-button"
        aria-haspopup="dialog"
        aria-label={`${t('UI_Docs_Several')} · ${title} · ${of}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        onKeyDown={(e) => e.stopPropagation()}
        data-testid="related-several"
      >
        {t('UI_Docs_Several')}
      </Button>
      <Modal
        open={open}
        title={`${title} · ${of}`}
        footer={null}
        width={420}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {/* The popup is portalled out of the row, but React events still bubble to it: stop them. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops bubbling to the grid row */}
        <div onClick={stop} onKeyDown={(e) => e.stopPropagation()}>
          <ul className="doc-related-list" data-testid="related-list">
            {ids.map((id) => (
              <li key={id}>
                <Link to={to(id)} onClick={() => setOpen(false)}>
                  {displayDocumentId(id)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
    </>
  );
}

/** The related documents of one kind (orders, packing slips or invoices) of the document `of`. */
export function RelatedDocuments({ kind, ids, of }: { kind: RelatedKind; ids: readonly string[]; of: string }) {
  const { t } = useTranslation();
  const { path, title } = RELATED_DOCUMENTS[kind];
  return <RelatedLinks ids={ids} to={(id) => `${path}${encodeURIComponent(id)}`} title={t(title)} of={of} />;
}
