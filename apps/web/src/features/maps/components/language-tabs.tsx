import { PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { MAP_LIMITS } from '@portal/contract/maps';
import { Alert, Button, Dropdown, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageList } from '@/lib/language-list';

export type TextDraft = { idioma_cod: LanguageKey; nombre: string; descripcion: string };

type Props = {
  texts: TextDraft[];
  active: LanguageKey | undefined;
  onActive: (lang: LanguageKey) => void;
  onChange: (texts: TextDraft[]) => void;
  /** The language rule just broken (MSG_LanguageAlreadyAdded, MSG_OneLanguageRequired), shown under the tabs. */
  warning: string | null;
  onWarning: (key: string | null) => void;
  errors: Record<string, string>;
};

const titleOf = (key: LanguageKey) => LANGUAGES.find((l) => l.key === key)?.title ?? key;

/**
 * A tab per language of the point (spec part 2 §5): a language may be added once only ("Este idioma ya está
 * añadido") and the last one cannot be removed ("Debe existir por lo menos un idioma").
 */
export function LanguageTabs({ texts, active, onActive, onChange, warning, onWarning, errors }: Props) {
  const { t } = useTranslation();
  const { add, remove, update } = languageList<TextDraft>({
    items: texts,
    active,
    onActive,
    onChange,
    onWarning,
    empty: (lang) => ({ idioma_cod: lang, nombre: '', descripcion: '' }),
    messages: { alreadyAdded: 'MSG_LanguageAlreadyAdded', lastOne: 'MSG_OneLanguageRequired' },
  });
  const listError = errors.mapointposted;
  return (
    <div className="map-language-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        locale={{ removeAriaLabel: t('UI_Map_RemoveLanguage') }}
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
            <Button icon={<PlusOutlined />} data-testid="map-add-language">
              {t('UI_Map_AddLanguage')}
            </Button>
          </Dropdown>
        }
        items={texts.map((text, index) => ({
          key: text.idioma_cod,
          label: titleOf(text.idioma_cod),
          closable: true,
          children: (
            <>
              <Form.Item
                label={t('UI_Map_Name')}
                required
                validateStatus={errors[`mapointposted.${index}.nombre`] ? 'error' : undefined}
                help={errors[`mapointposted.${index}.nombre`] ? t(errors[`mapointposted.${index}.nombre`]!) : undefined}
                htmlFor={`map-name-${text.idioma_cod}`}
              >
                <Input
                  id={`map-name-${text.idioma_cod}`}
                  value={text.nombre}
                  maxLength={MAP_LIMITS.nameMax}
                  onChange={(e) => update(index, { nombre: e.target.value })}
                  data-testid={`map-name-${text.idioma_cod}`}
                />
              </Form.Item>
              <Form.Item
                label={t('UI_Map_Description')}
                validateStatus={errors[`mapointposted.${index}.descripcion`] ? 'error' : undefined}
                help={
                  errors[`mapointposted.${index}.descripcion`]
                    ? t(errors[`mapointposted.${index}.descripcion`]!)
                    : undefined
                }
                htmlFor={`map-description-${text.idioma_cod}`}
              >
                <Input.TextArea
                  id={`map-description-${text.idioma_cod}`}
                  value={text.descripcion}
                  maxLength={MAP_LIMITS.descriptionMax}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  onChange={(e) => update(index, { descripcion: e.target.value })}
                  data-testid={`map-description-${text.idioma_cod}`}
                />
              </Form.Item>
            </>
          ),
        }))}
      />
      {warning || listError ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t(warning ?? listError!)}
          data-testid="map-language-warning"
        />
      ) : null}
    </div>
  );
}
