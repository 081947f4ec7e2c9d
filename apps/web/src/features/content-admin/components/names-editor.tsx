import { PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { Alert, Button, Dropdown, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageList } from '@/lib/language-list';

export type NameDraft = { idioma_cod: LanguageKey; nombre: string };

type Props = {
  /** Prefix of the inputs' ids and test ids (category, zone). */
  idPrefix: string;
  names: NameDraft[];
  active: LanguageKey | undefined;
  onActive: (lang: LanguageKey) => void;
  onChange: (names: NameDraft[]) => void;
  /** The language rule just broken, shown under the tabs. */
  warning: string | null;
  onWarning: (key: string | null) => void;
  /** Field errors by path (`categoriaposted.0.nombre`) under `listPath`. */
  errors: Record<string, string>;
  listPath: string;
};

const titleOf = (key: LanguageKey) => LANGUAGES.find((l) => l.key === key)?.title ?? key;

/**
 * A tab per language holding the name (spec part 2 §5): each language once (WARN_LanguageAlreadyAdded), and the last
 * one cannot be removed (OneLanguageMustExist).
 */
export function NamesEditor({
  idPrefix,
  names,
  active,
  onActive,
  onChange,
  warning,
  onWarning,
  errors,
  listPath,
}: Props) {
  const { t } = useTranslation();
  const { add, remove, update } = languageList<NameDraft>({
    items: names,
    active,
    onActive,
    onChange,
    onWarning,
    empty: (lang) => ({ idioma_cod: lang, nombre: '' }),
    messages: { alreadyAdded: 'WARN_LanguageAlreadyAdded', lastOne: 'MSG_OneLanguageMustExist' },
  });
  const listError = errors[listPath];
  return (
    <div>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        locale={{ removeAriaLabel: t('UI_Content_RemoveLanguage') }}
        activeKey={active}
        onChange={(key) => onActive(key as LanguageKey)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && remove(key)}
        tabBarExtraContent={
          <Dropdown
            trigger={['click']}
            menu={{
              items: LANGUAGES.map((l) => ({ key: l.key, label: l.title })),
              onClick: ({ key }) => add(key as LanguageKey),
            }}
          >
            <Button icon={<PlusOutlined />} data-testid={`${idPrefix}-add-language`}>
              {t('UI_Content_AddLanguage')}
            </Button>
          </Dropdown>
        }
        items={names.map((name, index) => {
          const error = errors[`${listPath}.${index}.nombre`];
          return {
            key: name.idioma_cod,
            label: titleOf(name.idioma_cod),
            closable: true,
            children: (
              <Form.Item
                label={t('UI_Content_Name')}
                required
                validateStatus={error ? 'error' : undefined}
                help={error ? t(error) : undefined}
                htmlFor={`${idPrefix}-name-${name.idioma_cod}`}
              >
                <Input
                  id={`${idPrefix}-name-${name.idioma_cod}`}
                  data-testid={`${idPrefix}-name-${name.idioma_cod}`}
                  value={name.nombre}
                  maxLength={120}
                  onChange={(e) => update(index, { nombre: e.target.value })}
                />
              </Form.Item>
            ),
          };
        })}
      />
      {warning || listError ? (
        <Alert type="warning" showIcon role="alert" title={t(warning ?? listError!)} style={{ marginBottom: 16 }} />
      ) : null}
    </div>
  );
}
