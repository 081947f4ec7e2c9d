import type { LanguageKey } from '@portal/contract/constants';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableLanguageTabs } from '@/components/editable-language-tabs';
import type { FieldErrors } from '@/components/form-errors';
import { type LanguageTabsState, useLanguageTabs } from '@/components/use-language-tabs';

export type NameDraft = { idioma_cod: LanguageKey; nombre: string };

type Props = LanguageTabsState & {
  /** Prefix of the inputs' ids and test ids (category, zone). */
  idPrefix: string;
  names: NameDraft[];
  onChange: (names: NameDraft[]) => void;
  /** Field errors by path (`categoriaposted.0.nombre`) under `listPath`. */
  errors: FieldErrors;
  listPath: string;
};

/**
 * The names of a record being edited (a category's, a zone's) and its language tabs, first showing the first
 * language; a change of a name, or of the languages, forgets the form's errors (`clearErrors`). `editor` goes to the
 * NamesEditor; `showErrorTab` shows the tab of the first name with an error.
 */
export function useNamesDraft(posted: readonly NameDraft[], clearErrors: () => void) {
  const [names, setNames] = useState<NameDraft[]>(() => posted.map((x) => ({ ...x })));
  const { tabs, showErrorTab } = useLanguageTabs(posted[0]?.idioma_cod);
  return {
    names,
    showErrorTab: (errors: FieldErrors, listPath: string) => showErrorTab(errors, listPath, names),
    editor: {
      names,
      onChange: (next: NameDraft[]) => {
        setNames(next);
        clearErrors();
      },
      ...tabs,
    },
  };
}

/**
 * A tab per language holding the name (spec part 2 §5): each language once (WARN_LanguageAlreadyAdded), and the last
 * one cannot be removed (OneLanguageMustExist).
 */
export function NamesEditor({ idPrefix, names, onChange, errors, listPath, ...tabs }: Props) {
  const { t } = useTranslation();
  return (
    <EditableLanguageTabs<NameDraft>
      {...tabs}
      items={names}
      onChange={onChange}
      listError={errors[listPath]}
      empty={(lang) => ({ idioma_cod: lang, nombre: '' })}
      messages={{ alreadyAdded: 'WARN_LanguageAlreadyAdded', lastOne: 'MSG_OneLanguageMustExist' }}
      size="small"
      addLabel={t('UI_Content_AddLanguage')}
      removeLabel={t('UI_Content_RemoveLanguage')}
      addTestId={`${idPrefix}-add-language`}
      removeTestId={`${idPrefix}-remove-language`}
      warningStyle={{ marginBottom: 16 }}
      renderTab={(name, index, update) => {
        const error = errors[`${listPath}.${index}.nombre`];
        return (
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
        );
      }}
    />
  );
}
