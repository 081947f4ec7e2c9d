import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Descriptions, type DescriptionsProps, Empty, Skeleton, Table } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardColumn, LineCards, rawValue } from '@/components/line-cards';
import { isApiError } from '@/lib/api-error';
import { parseRelatedIds } from '@/lib/documents/grid-state';
import { usePhone } from '@/lib/use-media-query';
import { RELATED_DOCUMENTS, RelatedDocuments, type RelatedKind } from './related-links';

type Props<Line> = {
  /** "Líneas del pedido AB123". */
  title: string;
  /** Shown when the document does not exist or is not the caller's (the server answers 404). */
  notFoundText: string;
  header: UseQueryResult<unknown>;
  lines: UseQueryResult<Line[]>;
  /** The lines' columns, each with its place on the line's card on a phone (`document-lines.tsx`). */
  columns: CardColumn<Line>[];
  rowKey: (line: Line) => string;
  /** The header's facts above the lines. */
  summary?: ReactNode;
  /** Totals under the lines. */
  totals?: ReactNode;
  /** Actions in the card's corner (Excel and PDF). */
  extra?: ReactNode;
};

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The selected document under its grid: its header facts and its lines (spec part 2 §2). On a phone each line is a
 * card (decision 0070): reference and description, then quantity, price and amount, then the rest and its action.
 */
export function DocumentDetail<Line extends object>({
  title,
  notFoundText,
  header,
  lines,
  columns,
  rowKey,
  summary,
  totals,
  extra,
}: Props<Line>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const linesRef = useRef<HTMLDivElement>(null);
  // The lines' scroller (sideways on narrow screens) takes the focus, so that arrow keys scroll it, and is
  // named after the table, as axe-core's scrollable-region-focusable asks.
  useEffect(() => {
    const scroller = linesRef.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller || scroller.tabIndex === 0) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', title);
  });
  if (isNotFound(header.error) || isNotFound(lines.error)) {
    return <Alert type="warning" showIcon role="alert" title={notFoundText} data-testid="document-not-found" />;
  }
  const failure = header.error ?? lines.error;
  if (failure) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('UI_Docs_LoadError')}
        description={failure instanceof Error ? failure.message : undefined}
        data-testid="document-error"
      />
    );
  }
  // Columns without a width (the descriptions) share what is left, at least 220 px each.
  const widths = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 220), 0);
  // Each line, row or card, says its line number (the column shown as the card's label).
  const numberColumn = columns.find((c) => c.card === 'label');
  const lineAttributes = (line: Line) => ({
    'data-testid': 'document-line',
    'data-line': String(numberColumn ? rawValue(numberColumn, line) : ''),
  });
  const empty = <Empty description={t('UI_Docs_NoLines')} />;
  return (
    <Card
      className="doc-detail"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={header.data ? extra : null}
      data-testid="document-detail"
    >
      {header.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : summary}
      <div ref={linesRef}>
        {phone ? (
          <LineCards<Line>
            columns={columns}
            rows={lines.data ?? []}
            rowKey={rowKey}
            label={title}
            empty={empty}
            loading={lines.isPending}
            testId="document-line-cards"
            itemTestId="document-line"
            itemAttributes={(line) => ({ 'data-line': lineAttributes(line)['data-line'] })}
          />
        ) : (
          <Table<Line>
            size="small"
            rowKey={rowKey}
            columns={columns}
            dataSource={lines.data ?? []}
            loading={lines.isFetching}
            pagination={false}
            scroll={{ x: widths }}
            aria-label={title}
            locale={{ emptyText: lines.isPending ? ' ' : empty }}
            onRow={(line) => lineAttributes(line) as HTMLAttributes<HTMLElement>}
            data-testid="document-lines"
          />
        )}
      </div>
      {lines.data && lines.data.length > 0 ? totals : null}
    </Card>
  );
}

/** What the screen shows under its grid before a row is selected. */
export function DocumentHint({ text }: { text: string }) {
  return <Alert type="info" showIcon title={text} data-testid="document-hint" />;
}

type Fact = NonNullable<DescriptionsProps['items']>[number];

/** A document's header facts above its lines. */
export function DocumentFacts({ items }: { items: Fact[] }) {
  return (
    <Descriptions className="doc-detail-summary" size="small" column={{ xs: 1, sm: 2, xl: 3, xxl: 4 }} items={items} />
  );
}

/** The fact of a document's related documents of one kind (`ids` as the header holds them: "A,B"). */
export function relatedFact(t: TFunction, kind: RelatedKind, ids: string | null, of: string): Fact {
  const { factKey, label } = RELATED_DOCUMENTS[kind];
  return {
    key: factKey,
    label: t(label),
    children: <RelatedDocuments kind={kind} ids={parseRelatedIds(ids)} of={of} />,
  };
}

/** The totals under a document's lines: "Neto: 12,00 €" and the like. */
export function DocumentTotals({ items }: { items: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <div className="doc-detail-totals" data-testid="document-totals">
      {items.map(([label, value]) => (
        <span key={label}>
          {label}: <strong>{value}</strong>
        </span>
      ))}
    </div>
  );
}
