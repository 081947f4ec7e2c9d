import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { Alert, Button, Dropdown, Tabs } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import './editable-language-tabs.css';
import { useTranslation } from 'react-i18next';
import { languageList } from '@/lib/language-list';
import type { LanguageTabsState } from './use-language-tabs';

/** A language's title (Castellano, Euskara, ...), its key when unknown. */
export const languageTitle = (key: LanguageKey) => LANGUAGES.find((l) => l.key === key)?.title ?? key;

/** The button that adds a language to a record's texts, from a menu of all the languages. */
export function AddLanguageButton({
  label,
  testId,
  onAdd,
}: {
  label: string;
  testId: string;
  onAdd: (lang: LanguageKey) => void;
}) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.title })),
        onClick: ({ key }) => onAdd(key as LanguageKey),
      }}
    >
      <Button icon={<PlusOutlined />} data-testid={testId}>
        {label}
      </Button>
    </Dropdown>
  );
}

/** The language rule just broken, or else the error of the texts as a whole, as a warning (nothing when neither). */
export function LanguageWarning({
  warning,
  listError,
  testId,
  style,
}: {
  warning: string | null;
  listError: string | undefined;
  testId?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return warning || listError ? (
    <Alert type="warning" showIcon role="alert" title={t(warning ?? listError!)} style={style} data-testid={testId} />
  ) : null;
}

type Props<T extends { idioma_cod: LanguageKey }> = LanguageTabsState & {
  items: T[];
  onChange: (items: T[]) => void;
  /** The error of the texts as a whole (no language left), shown under the tabs. */
  listError: string | undefined;
  /** A new, empty item in a language. */
  empty: (lang: LanguageKey) => T;
  /** The message keys of the two rules, as each screen's spec names them. */
  messages: { alreadyAdded: string; lastOne: string };
  /** The translated labels of the add button and of each tab's close button. */
  addLabel: string;
  removeLabel: string;
  addTestId: string;
  removeTestId?: string;
  warningTestId?: string;
  warningStyle?: CSSProperties;
  size?: 'small';
  className?: string;
  /** A tab's fields; `update` changes the item at an index. */
  renderTab: (item: T, index: number, update: (index: number, patch: Partial<T>) => void) => ReactNode;
};

/**
 * A tab per language of a record's texts (spec part 2 §5), the add button and the active language's remove button
 * above the tabs: a language is added once only, and the last one cannot be removed (the warning under the tabs says
 * so). The buttons are not in the tab list (a tab list holds tabs only: axe aria-required-children, issue 25).
 */
export function EditableLanguageTabs<T extends { idioma_cod: LanguageKey }>({
  items,
  active,
  onActive,
  onChange,
  warning,
  onWarning,
  listError,
  empty,
  messages,
  addLabel,
  removeLabel,
  addTestId,
  removeTestId,
  warningTestId,
  warningStyle,
  size,
  className,
  renderTab,
}: Props<T>) {
  const { add, remove, update } = languageList<T>({ items, active, onActive, onChange, onWarning, empty, messages });
  return (
    <div className={className}>
      <div className="language-tabs-bar">
        <AddLanguageButton label={addLabel} testId={addTestId} onAdd={add} />
        {active ? (
          <Button icon={<CloseOutlined />} onClick={() => remove(active)} data-testid={removeTestId}>
            {`${removeLabel}: ${languageTitle(active)}`}
          </Button>
        ) : null}
      </div>
      <Tabs
        type="card"
        size={size}
        activeKey={active}
        onChange={(key) => onActive(key as LanguageKey)}
        items={items.map((item, index) => ({
          key: item.idioma_cod,
          label: languageTitle(item.idioma_cod),
          children: renderTab(item, index, update),
        }))}
      />
      <LanguageWarning warning={warning} listError={listError} testId={warningTestId} style={warningStyle} />
    </div>
  );
}
