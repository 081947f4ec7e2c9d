import { LIMITS } from '@portal/contract/constants';
import { DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterValue } from '@/lib/documents/grid-state';
import type { GridFilterDef } from './grid-types';

/** The day a filter holds, written as the four languages write a date (the grid's cells, `formatLocalDate`). */
const DAY_FORMAT = 'DD/MM/YYYY';
const toDay = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);
const fromDay = (value: Dayjs | null | undefined) => (value?.isValid() ? value.format('YYYY-MM-DD') : undefined);

type Props = {
  def: GridFilterDef;
  /** The column's title, for the control's accessible name. */
  column: string;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
};

/** Free text: applied 600 ms after the last key, at once with Enter, and when cleared. */
function TextFilter({ def, column, value, onChange }: Props) {
  const { t } = useTranslation();
  const committed = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(committed);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setDraft(committed), [committed]);
  useEffect(() => {
    if (draft === committed) return;
    const timer = setTimeout(() => latest.current(draft), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, committed]);
  return (
    <Input
      size="small"
      allowClear
      value={draft}
      inputMode={def.kind === 'number' ? 'numeric' : undefined}
      aria-label={t('UI_Grid_FilterBy', { column })}
      data-testid={`grid-filter-${def.field}`}
      onChange={(e) => {
        setDraft(e.target.value);
        if (e.target.value === '') onChange('');
      }}
      onPressEnter={() => onChange(draft)}
    />
  );
}

/** The toolbar control of one column's filter. */
export function GridFilterControl(props: Props) {
  const { t } = useTranslation();
  const { def, column, value, onChange } = props;
  const label = t('UI_Grid_FilterBy', { column });
  switch (def.kind) {
    case 'text':
    case 'number':
      return <TextFilter {...props} />;
    case 'select': {
      const all = def.allValue ?? '';
      const options = [{ value: all, label: t('UI_Grid_All') }, ...(def.options ?? [])];
      return (
        <Select
          size="small"
          value={typeof value === 'string' && value !== '' ? value : all}
          options={options}
          loading={def.optionsLoading}
          popupMatchSelectWidth={false}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={label}
          data-testid={`grid-filter-${def.field}`}
          style={{ width: '100%' }}
          onChange={(v: string) => onChange(v === all ? undefined : v)}
        />
      );
    }
    case 'date':
      return (
        <DatePicker
          size="small"
          format={DAY_FORMAT}
          placeholder={t('UI_Grid_Day')}
          value={toDay(typeof value === 'string' ? value : undefined)}
          aria-label={label}
          data-testid={`grid-filter-${def.field}`}
          style={{ width: '100%' }}
          onChange={(d) => onChange(fromDay(d))}
        />
      );
    case 'dateRange': {
      const range = typeof value === 'string' || value === undefined ? [undefined, undefined] : value;
      return (
        <DatePicker.RangePicker
          size="small"
          format={DAY_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('UI_Grid_DateFrom'), t('UI_Grid_DateTo')]}
          value={[toDay(range[0]), toDay(range[1])]}
          aria-label={label}
          data-testid={`grid-filter-${def.field}`}
          style={{ width: '100%' }}
          onChange={(dates) => {
            const next = [fromDay(dates?.[0]), fromDay(dates?.[1])] as const;
            onChange(next[0] || next[1] ? next : undefined);
          }}
        />
      );
    }
  }
}
