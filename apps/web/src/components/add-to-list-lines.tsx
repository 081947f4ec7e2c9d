import { quickOrderCalls, type ReorderKind } from '@portal/contract/quick-order';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { call, callKey } from '@/lib/call';
import './add-to-list.css';

/** A line to put in a list: the article, its quantity, and the reference the customer knows it by. */
export type ListLineChoice = { articleId: number; quantity: number; ref: string };

/**
 * A document's lines for "Añadir a una lista" (decision 0086): read with the reorder's call (the document within the
 * caller's client, each line's article today), all chosen at first; a line whose article is sold no more cannot be.
 */
export function useDocumentLines(document: { kind: ReorderKind; id: string } | null) {
  const input = { params: { kind: document?.kind ?? 'order', id: document?.id ?? '' } } as const;
  const query = useQuery({
    queryKey: callKey(quickOrderCalls.reorder, input),
    queryFn: () => call(quickOrderCalls.reorder, input, { silent: [404] }),
    enabled: document !== null,
    staleTime: 0,
    retry: false,
  });
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(new Set());
  const lines = (query.data?.lines ?? []).map((line, index) => ({ index, line }));
  const sold = lines.filter((l) => l.line.article !== null);
  const chosen: ListLineChoice[] = sold
    .filter((l) => !unchosen.has(l.index))
    .map(({ line }) => ({
      articleId: line.article!.id_articulo,
      quantity: line.quantity,
      ref: line.article!.ref_jumasa,
    }));
  const toggle = (index: number, on: boolean) =>
    setUnchosen((set) => {
      const next = new Set(set);
      if (on) next.delete(index);
      else next.add(index);
      return next;
    });
  const all = (on: boolean) => setUnchosen(on ? new Set() : new Set(sold.map((l) => l.index)));
  const missing = query.error !== null && isApiError(query.error) && query.error.status === 404;
  return {
    pending: document !== null && query.isPending,
    missing,
    failed: query.isError && !missing,
    lines,
    sold: sold.length,
    chosen,
    unchosen,
    toggle,
    all,
  };
}

type State = ReturnType<typeof useDocumentLines>;

/** The document's lines to choose from, each with its quantity; those sold no more are shown, not chosen. */
export function DocumentLinesChoice({ state }: { state: State }) {
  const { t } = useTranslation();
  if (state.pending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (state.missing || state.failed) {
    return <Alert type="warning" showIcon role="alert" title={t('UI_QO_ReorderNotFound')} />;
  }
  const count = state.chosen.length;
  return (
    <fieldset className="add-to-list-lines" data-testid="add-to-list-lines">
      <legend>{t('UI_LS_DocumentLines', { chosen: count, total: state.lines.length })}</legend>
      {state.sold > 1 ? (
        <Checkbox
          checked={count === state.sold}
          indeterminate={count > 0 && count < state.sold}
          onChange={(e) => state.all(e.target.checked)}
          data-testid="add-to-list-all"
        >
          {t('UI_LS_ChooseAll')}
        </Checkbox>
      ) : null}
      <ul>
        {state.lines.map(({ index, line }) => (
          <li key={index} data-testid="add-to-list-line">
            <Checkbox
              checked={line.article !== null && !state.unchosen.has(index)}
              disabled={line.article === null}
              onChange={(e) => state.toggle(index, e.target.checked)}
            >
              <span className="add-to-list-ref">{line.article?.ref_jumasa ?? line.itemId}</span>{' '}
              <span className="add-to-list-name">{line.name}</span>{' '}
              <span className="add-to-list-qty">× {line.quantity}</span>
            </Checkbox>
            {line.article === null ? <Tag>{t('UI_LS_NotSold')}</Tag> : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
