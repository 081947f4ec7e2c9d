import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { DOCUMENT_SEARCH, type SearchHit, searchStateKey } from '@portal/contract/search';
import { AutoComplete, Button, Input, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatMoney } from '@/lib/format';
import { searchable, useDocumentSearch } from '../api/search-documents';
import './document-search.css';

/** The typed text once the typing has paused (`DOCUMENT_SEARCH.debounceMs`). */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DOCUMENT_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** One found document: its number, date, state and amount; what it was found by (a reference) and, for staff, whose. */
function HitLabel({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const stateKey = searchStateKey(hit.kind, hit.state);
  const facts = [
    formatDate(hit.date),
    stateKey ? t(stateKey) : null,
    hit.amount === null ? null : formatMoney(hit.amount),
  ].filter(Boolean);
  const by =
    hit.matched === 'jobRef'
      ? `${t('UI_DS_JobRef')}: ${hit.jobRef}`
      : hit.customerRef
        ? `${t('UI_DS_CustomerRef')}: ${hit.customerRef}`
        : null;
  return (
    <div className="doc-search-hit" data-testid="doc-search-hit" data-kind={hit.kind} data-number={hit.number}>
      <span className="doc-search-number">{hit.number}</span>
      <span className="doc-search-facts">{facts.join(' · ')}</span>
      {by ? <span className="doc-search-by">{by}</span> : null}
    </div>
  );
}

/**
 * The box that finds the caller's documents as they type (issue 26; decision 0081): orders, web orders, invoices,
 * packing slips and refunds by number, customer reference or job reference, grouped by kind. Arrows move, Enter opens
 * the document, Esc closes. On a narrow screen an icon opens the box under the header.
 */
export function DocumentSearch({ compact, color }: { compact: boolean; color: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const [focused, setFocused] = useState(false);
  // Esc closed the list: it stays closed until the text changes.
  const [dismissed, setDismissed] = useState(false);
  const q = useSettled(text);
  const search = useDocumentSearch(q);
  const ready = searchable(text) && searchable(q);

  // Each option's value is what a screen reader says of it ("Factura FV0000123"); its link is looked up on Enter.
  const { options, links } = useMemo(() => {
    const links = new Map<string, string>();
    const options = (ready ? (search.data?.groups ?? []) : []).map((g) => ({
      label: <span data-testid="doc-search-group">{t(`UI_DS_Kind_${g.kind}`)}</span>,
      title: t(`UI_DS_Kind_${g.kind}`),
      options: g.hits.map((hit) => {
        const value = `${t(`UI_DS_One_${hit.kind}`)} ${hit.number}`;
        links.set(value, hit.link);
        return { value, label: <HitLabel hit={hit} /> };
      }),
    }));
    return { options, links };
  }, [ready, search.data, t]);

  // While the typing settles or the answer comes, a spinner keeps the list open (an empty list without content
  // closes it, and an answer arriving later would not open it again); then "Nada encontrado" when nothing matches.
  const pending = searchable(text) && (text !== q || search.isFetching);
  let empty: ReactNode = null;
  if (pending) empty = <Spin size="small" />;
  else if (ready && search.data) empty = <span data-testid="doc-search-empty">{t('UI_DS_NothingFound')}</span>;

  // The list shows while the box has the focus and there is something to show (hits, the spinner, "nothing found").
  const listOpen = focused && !dismissed && (options.length > 0 || empty !== null);

  const open = (value: string) => {
    const link = links.get(value);
    if (!link) return;
    setText('');
    setPanel(false);
    navigate(link);
  };

  const box = (
    <AutoComplete
      className="doc-search-box"
      classNames={{ popup: { root: 'doc-search-popup' } }}
      value={text}
      options={options}
      open={listOpen}
      onChange={(v: string) => {
        setText(v);
        setDismissed(false);
      }}
      onSelect={(v: string) => open(v)}
      showSearch={{ filterOption: false }}
      // The list itself is what assistive technology reads (each option's text, the kinds as its groups): the
      // virtual list's hidden copy gives a group's row `aria-selected`, which its role does not allow.
      virtual={false}
      defaultActiveFirstOption
      notFoundContent={empty}
      popupMatchSelectWidth={compact ? true : 380}
      aria-label={t('UI_DS_Label')}
      data-testid="doc-search"
    >
      <Input
        aria-label={t('UI_DS_Label')}
        autoFocus={compact}
        placeholder={t('UI_DS_Placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          if (listOpen) setDismissed(true);
          else if (compact) setPanel(false);
        }}
      />
    </AutoComplete>
  );

  if (!compact) return box;
  return (
    <>
      <Button
        type="text"
        aria-label={t('UI_DS_Open')}
        title={t('UI_DS_Open')}
        aria-expanded={panel}
        data-testid="doc-search-open"
        onClick={() => setPanel((v) => !v)}
        style={{ color }}
        icon={<SearchOutlined />}
      />
      {panel ? (
        <div className="doc-search-panel" data-testid="doc-search-panel">
          {box}
          <Button
            type="text"
            aria-label={t('UI_DS_Close')}
            title={t('UI_DS_Close')}
            onClick={() => setPanel(false)}
            icon={<CloseOutlined />}
          />
        </div>
      ) : null}
    </>
  );
}
