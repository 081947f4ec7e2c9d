import { SearchOutlined } from '@ant-design/icons';
import { LIMITS } from '@portal/contract/constants';
import { Input } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productFilterOf } from '@/lib/documents/grid-state';

type Props = {
  /** The product filter applied (the URL's `product`), undefined for none. */
  value: string | undefined;
  /** Called with the product text to send (from 2 characters), or undefined for none. */
  onChange: (value: string | undefined) => void;
};

/**
 * The product filter of the invoice and packing slip grids (spec part 2 §2, §5): documents holding a line
 * whose article matches. Applied 600 ms after the last key or with Enter; under 2 characters it warns.
 * The text typed follows the applied value when that changes elsewhere (Back, "Limpiar filtros").
 */
export function ProductFilter({ value: applied, onChange }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const [draft, setDraft] = useState(applied ?? '');
  const latest = useRef(onChange);
  latest.current = onChange;
  const { value, tooShort } = productFilterOf(draft, LIMITS.productFilterMinLength);
  const typed = useRef(value);
  typed.current = value;

  useEffect(() => {
    if (typed.current !== applied) setDraft(applied ?? '');
  }, [applied]);
  useEffect(() => {
    if (value === applied) return;
    const timer = setTimeout(() => latest.current(value), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [value, applied]);

  return (
    <div className="doc-product-filter">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        value={draft}
        placeholder={t('UI_Docs_ProductFilterHint')}
        aria-label={t('UI_Docs_ProductFilter')}
        aria-describedby={hintId}
        aria-invalid={tooShort || undefined}
        status={tooShort ? 'warning' : undefined}
        maxLength={60}
        data-testid="product-filter"
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => {
          if (value !== applied) latest.current(value);
        }}
      />
      <div id={hintId} className={tooShort ? 'doc-product-filter-warning' : 'doc-muted doc-product-filter-hint'}>
        {tooShort ? t('UI_Docs_ProductFilterShort') : t('UI_Docs_ProductFilterHelp')}
      </div>
    </div>
  );
}
