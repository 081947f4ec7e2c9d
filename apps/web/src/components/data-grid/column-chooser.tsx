import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth-storage';
import type { GridColumnDef } from './grid-types';

/**
 * The column chooser of a document grid (decision 0021): secondary columns are hidden by default, and each
 * user's choice is kept in localStorage under `portal.grid-columns.<user>.<grid>` as the columns shown or
 * hidden against their default, so a column added later still starts at its default.
 */
export const COLUMN_CHOICE_PREFIX = 'portal.grid-columns.';

type Choice = Readonly<Record<string, boolean>>;

export const columnChoiceKey = (user: string, gridId: string) =>
  `${COLUMN_CHOICE_PREFIX}${user.trim().toLowerCase()}.${gridId}`;

function readChoice(key: string | null): Choice {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, boolean] => typeof e[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Whether a column shows: fixed columns always; the others as chosen, else by their priority. */
export const isShown = <Row,>(column: GridColumnDef<Row>, choice: Choice) =>
  column.fixed !== undefined || (choice[column.key] ?? !column.secondary);

/** The user's column choice of a grid, and how to change it (one column, or all back to the defaults). */
export function useColumnChoice<Row>(gridId: string, columns: readonly GridColumnDef<Row>[]) {
  const user = useAuth()?.userName ?? null;
  const key = user ? columnChoiceKey(user, gridId) : null;
  const [choice, setChoice] = useState<Choice>(() => readChoice(key));
  useEffect(() => setChoice(readChoice(key)), [key]);

  const save = useCallback(
    (next: Choice) => {
      setChoice(next);
      if (!key) return;
      try {
        if (Object.keys(next).length === 0) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or unavailable: the choice lasts until the page is left
      }
    },
    [key],
  );
  const setShown = useCallback(
    (column: GridColumnDef<Row>, shown: boolean) => {
      const { [column.key]: _old, ...rest } = choice;
      save(shown === !column.secondary ? rest : { ...rest, [column.key]: shown });
    },
    [choice, save],
  );
  const reset = useCallback(() => save({}), [save]);
  const visible = useMemo(() => columns.filter((c) => isShown(c, choice)), [columns, choice]);
  return { choice, visible, setShown, reset };
}

type Props<Row> = {
  columns: readonly GridColumnDef<Row>[];
  choice: Choice;
  onChange: (column: GridColumnDef<Row>, shown: boolean) => void;
  onReset: () => void;
};

/** The "Columnas" button and its list of checkboxes (the fixed id and files columns are not in it). */
export function ColumnChooser<Row>({ columns, choice, onChange, onReset }: Props<Row>) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const choosable = columns.filter((c) => c.fixed === undefined);
  const changed = Object.keys(choice).length > 0;
  const content = (
    <fieldset id={listId} className="doc-columns-list" data-testid="grid-columns-list">
      <legend className="doc-columns-legend">{t('UI_Grid_ColumnsShown')}</legend>
      {choosable.map((column) => (
        <Checkbox
          key={column.key}
          checked={isShown(column, choice)}
          onChange={(e) => onChange(column, e.target.checked)}
          data-testid={`grid-column-${column.key}`}
        >
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" disabled={!changed} onClick={onReset} data-testid="grid-columns-reset">
        {t('UI_Grid_ColumnsReset')}
      </Button>
    </fieldset>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button
        icon={<SettingOutlined aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid="grid-columns-button"
      >
        {t('UI_Grid_Columns')}
      </Button>
    </Popover>
  );
}
