import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { correctQuantity, QUANTITY } from '@portal/contract/quantity';
import type { QuickOrderCorrection } from '@portal/contract/quick-order';
import { Button, Checkbox, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/data-grid/status-tag';
import { StockDots } from '@/components/stock-dots';
import { formatMoney } from '@/lib/format';
import { chosenCandidate, pick, type WorkLine } from './work-lines';

const CORRECTION_KEYS: Record<QuickOrderCorrection, string> = {
  notNumber: 'UI_QuantityCorrected_NotNumber',
  min: 'UI_QuantityCorrected_Min',
  max: 'UI_QuantityCorrected_Max',
  whole: 'UI_QuantityCorrected_Whole',
  missing: 'UI_QO_MissingQuantity',
};

const STATUS_TONES = { found: 'green', ambiguous: 'gold', notFound: 'red', invalid: 'red' } as const;

type Props = {
  line: WorkLine;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onChange: (line: WorkLine) => void;
  onSearchAgain: (line: WorkLine, identifier: string) => void;
  onRemove: () => void;
  searching: boolean;
  storeNames: Map<string, string>;
};

/** One line of the list: what was typed, what it matched, and the quantity, store and article to fix in place. */
export function QuickOrderLineItem({
  line,
  selected,
  onSelect,
  onChange,
  onSearchAgain,
  onRemove,
  searching,
  storeNames,
}: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState(line.identifier);
  const [qtyText, setQtyText] = useState(String(line.quantity));
  useEffect(() => setQtyText(String(line.quantity)), [line.quantity]);
  useEffect(() => setCode(line.identifier), [line.identifier]);
  const candidate = chosenCandidate(line);
  const id = `qo-${line.key}`;
  const storeName = (s: string | null) => (s ? (storeNames.get(s) ?? s) : '');

  const commitQuantity = () => {
    const typed = qtyText;
    const result = correctQuantity(typed, line.quantity);
    setQtyText(String(result.value));
    if (result.value !== line.quantity || result.correction)
      onChange({ ...line, quantity: result.value, quantityTyped: typed.trim(), correction: result.correction });
  };

  const fixable = line.status === 'notFound' || line.status === 'invalid';
  const picked = line.status === 'ambiguous' && line.chosen !== null;
  const noteKey = line.correction ? CORRECTION_KEYS[line.correction] : null;
  const storeNote = candidate?.storeNote && candidate.store && line.storeTyped ? candidate.storeNote : null;

  return (
    <li
      className={`qo-line qo-line-${line.status}`}
      data-testid="qo-line"
      data-row={line.row}
      data-status={line.status}
    >
      <div className="qo-line-head">
        <Checkbox
          checked={selected && line.chosen !== null}
          disabled={line.chosen === null}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('UI_QO_SelectLine', { row: line.row })}
          data-testid="qo-line-select"
        />
        <span className="qo-muted">
          {t('UI_QO_Col_Line')} {line.row}
        </span>
        {picked ? (
          <StatusTag tone="blue" data-testid="qo-line-status">
            {t('UI_QO_Status_picked')}
          </StatusTag>
        ) : (
          <StatusTag tone={STATUS_TONES[line.status]} data-testid="qo-line-status">
            {t(`UI_QO_Status_${line.status}`)}
          </StatusTag>
        )}
        <span className="qo-typed" title={t('UI_QO_Col_Typed')}>
          «{line.identifier}»
        </span>
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('UI_QO_Remove', { row: line.row })}
          title={t('UI_QO_Remove', { row: line.row })}
          onClick={onRemove}
          className="qo-remove"
        />
      </div>
      <div className="qo-line-body">
        <div className="qo-field qo-field-article">
          {fixable ? (
            <form
              className="qo-fix"
              onSubmit={(e) => {
                e.preventDefault();
                onSearchAgain(line, code);
              }}
            >
              <label htmlFor={`${id}-code`} className="qo-label">
                {t('UI_QO_EditCode', { row: line.row })}
              </label>
              <div style={{ display: 'flex', gap: 6 }}>
                <Input
                  id={`${id}-code`}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  maxLength={60}
                  data-testid="qo-line-code"
                  autoComplete="off"
                />
                <Button htmlType="submit" icon={<SearchOutlined />} loading={searching} data-testid="qo-line-search">
                  {t('UI_QO_SearchAgain')}
                </Button>
              </div>
              {line.name ? <div className="qo-muted">{line.name}</div> : null}
            </form>
          ) : line.status === 'ambiguous' ? (
            <>
              <label htmlFor={`${id}-pick`} className="qo-label">
                {t('UI_QO_Pick', { row: line.row })}
              </label>
              <Select
                id={`${id}-pick`}
                style={{ width: '100%' }}
                value={line.chosen ?? undefined}
                placeholder={t('UI_QO_Status_ambiguous')}
                onChange={(value: number) => onChange(pick(line, value))}
                data-testid="qo-line-pick"
                options={line.candidates.map((c) => ({
                  value: c.id_articulo,
                  label: `${c.ref_jumasa} · ${c.descripcion} · ${formatMoney(c.preciocliente)}`,
                }))}
              />
            </>
          ) : null}
          {candidate ? (
            <div className="qo-article" data-testid="qo-line-article">
              <strong data-testid="qo-line-ref">{candidate.ref_jumasa}</strong>{' '}
              <span className="qo-muted">{t(`UI_QO_Match_${candidate.matchedBy}`)}</span>
              <div>{candidate.descripcion}</div>
              <StockDots stock={candidate.stock} />
            </div>
          ) : null}
        </div>
        <div className="qo-field qo-field-qty">
          <label htmlFor={`${id}-qty`} className="qo-label">
            {t('UI_QO_Col_Quantity')}
          </label>
          <Input
            id={`${id}-qty`}
            value={qtyText}
            inputMode="numeric"
            autoComplete="off"
            aria-label={t('UI_QO_QuantityOf', { row: line.row })}
            aria-describedby={noteKey ? `${id}-qty-note` : undefined}
            onChange={(e) => setQtyText(e.target.value)}
            onBlur={commitQuantity}
            onPressEnter={commitQuantity}
            data-testid="qo-line-qty"
            style={{ width: 90 }}
          />
          {noteKey ? (
            <div id={`${id}-qty-note`} className="qo-note" data-testid="qo-line-qty-note">
              {t(noteKey, { typed: line.quantityTyped, value: line.quantity, min: QUANTITY.min, max: QUANTITY.max })}
            </div>
          ) : null}
        </div>
        {candidate ? (
          <div className="qo-field qo-field-store">
            <label htmlFor={`${id}-store`} className="qo-label">
              {t('UI_QO_Col_Store')}
            </label>
            <Select
              id={`${id}-store`}
              style={{ width: '100%' }}
              value={line.store ?? undefined}
              aria-label={t('UI_QO_StoreOf', { row: line.row })}
              onChange={(store: string) => onChange({ ...line, store })}
              data-testid="qo-line-store"
              options={candidate.stock.map((s) => ({
                value: s.id_almacen,
                label: `${s.nombre}${s.wsstock === null ? '' : ` · ${t('UI_QO_Units', { units: s.wsstock })}`}`,
              }))}
            />
            {storeNote ? (
              <div className="qo-note" data-testid="qo-line-store-note">
                {t(storeNote === 'unknown' ? 'UI_QO_StoreUnknown' : 'UI_QO_StoreNoStock', {
                  store: storeNote === 'unknown' ? line.storeTyped : storeName(line.storeTyped.toUpperCase()),
                  chosen: storeName(candidate.store),
                })}
              </div>
            ) : null}
          </div>
        ) : null}
        {candidate ? (
          <div className="qo-field qo-field-price">
            <span className="qo-label">{t('UI_QO_Col_Price')}</span>
            <span data-testid="qo-line-price">{formatMoney(candidate.preciocliente)}</span>
          </div>
        ) : null}
        {line.changes ? <ReorderChanges line={line} storeName={storeName} /> : null}
      </div>
    </li>
  );
}

/** What changed since the document: today's price, sold no more, no stock in its store. */
function ReorderChanges({ line, storeName }: { line: WorkLine; storeName: (s: string | null) => string }) {
  const { t } = useTranslation();
  const candidate = chosenCandidate(line);
  return (
    <div className="qo-field qo-field-changes" data-testid="qo-line-changes">
      <span className="qo-label">{t('UI_QO_Col_Changes')}</span>
      {line.changes?.length ? (
        line.changes.map((change) => (
          <StatusTag key={change} tone={change === 'notSold' ? 'red' : 'gold'} data-testid={`qo-change-${change}`}>
            {change === 'price'
              ? t('UI_QO_Change_price', {
                  before: formatMoney(line.documentPrice ?? 0),
                  now: formatMoney(candidate?.preciocliente ?? 0),
                })
              : change === 'noStock'
                ? t('UI_QO_Change_noStock', { store: storeName(line.documentStore ?? null) })
                : t('UI_QO_Change_notSold')}
          </StatusTag>
        ))
      ) : (
        <span className="qo-muted">{t('UI_QO_NoChanges')}</span>
      )}
    </div>
  );
}
