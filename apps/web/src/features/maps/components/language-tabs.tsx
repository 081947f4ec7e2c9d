import type { LanguageKey } from '@portal/contract/constants';
import { MAP_LIMITS } from '@portal/contract/maps';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableLanguageTabs } from '@/components/editable-language-tabs';
import { type FieldErrors, fieldErrorOf } from '@/components/form-errors';
import type { LanguageTabsState } from '@/components/use-language-tabs';

export type TextDraft = { idioma_cod: LanguageKey; nombre: string; descripcion: string };

type Props = LanguageTabsState & {
  texts: TextDraft[];
  onChange: (texts: TextDraft[]) => void;
  errors: FieldErrors;
};

/**
 * A tab per language of the point (spec part 2 §5): a language may be added once only ("Este idioma ya está
 * añadido") and the last one cannot be removed ("Debe existir por lo menos un idioma"); the warning says which
 * (MSG_LanguageAlreadyAdded, MSG_OneLanguageRequired).
 */
export function LanguageTabs({ texts, onChange, errors, ...tabs }: Props) {
  const { t } = useTranslation();
  const fieldError = fieldErrorOf(errors, t);
  return (
    <EditableLanguageTabs<TextDraft>
      {...tabs}
      className="map-language-tabs"
      items={texts}
      onChange={onChange}
      listError={errors.mapointposted}
      empty={(lang) => ({ idioma_cod: lang, nombre: '', descripcion: '' })}
      messages={{ alreadyAdded: 'MSG_LanguageAlreadyAdded', lastOne: 'MSG_OneLanguageRequired' }}
      addLabel={t('UI_Map_AddLanguage')}
      removeLabel={t('UI_Map_RemoveLanguage')}
      addTestId="map-add-language"
      removeTestId="map-remove-language"
      warningTestId="map-language-warning"
      renderTab={(text, index, update) => (
        <>
          <Form.Item
            label={t('UI_Map_Name')}
            required
            htmlFor={`map-name-${text.idioma_cod}`}
            {...fieldError(`mapointposted.${index}.nombre`)}
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
            htmlFor={`map-description-${text.idioma_cod}`}
            {...fieldError(`mapointposted.${index}.descripcion`)}
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
      )}
    />
  );
}
