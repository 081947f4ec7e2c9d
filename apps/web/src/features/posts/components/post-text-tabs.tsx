import { CloseOutlined } from '@ant-design/icons';
import type { LanguageKey } from '@portal/contract/constants';
import { POST_LIMITS, type PostImageSlot } from '@portal/contract/posts';
import { Button, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddLanguageButton, LanguageWarning, languageTitle } from '@/components/editable-language-tabs';
import { type FieldErrors, fieldErrorOf } from '@/components/form-errors';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { RichTextEditor } from '@/components/rich-text-editor';
import type { LanguageTabsState } from '@/components/use-language-tabs';
import { languageList } from '@/lib/language-list';
import { ImageSlots, type SlotImage } from './image-slots';

export type TextDraft = {
  idioma_cod: LanguageKey;
  titulo: string;
  resumen: string;
  contenido: string;
  images: Record<PostImageSlot, SlotImage>;
};

/** `warning`: the language rule just broken (WARN_LanguageAlreadyAdded, MSG_OneLanguageRequired), shown under the tabs. */
type Props = LanguageTabsState & {
  texts: TextDraft[];
  onChange: (texts: TextDraft[]) => void;
  errors: FieldErrors;
  onPickSlot: (lang: LanguageKey, slot: PostImageSlot) => void;
  /** The gallery's picker, for images in the body. */
  Picker: ImagePickerComponent;
};

export const emptyText = (lang: LanguageKey): TextDraft => ({
  idioma_cod: lang,
  titulo: '',
  resumen: '',
  contenido: '',
  images: { image_thumbnail_id: null, image_medium_id: null, image_banner_id: null },
});

/**
 * A tab per language of the post (spec part 2 §5): a language may be added once only ("Este idioma ya está
 * añadido") and the last one cannot be removed ("Debe existir por lo menos un idioma"). Each tab has the title,
 * summary, the three image slots and the rich-text body.
 */
export function PostTextTabs(props: Props) {
  const { texts, active, onActive, onChange, warning, onWarning, errors, onPickSlot, Picker } = props;
  const { t } = useTranslation();
  const { add, remove, update } = languageList({
    items: texts,
    active,
    onActive,
    onChange,
    onWarning,
    empty: emptyText,
    messages: { alreadyAdded: 'WARN_LanguageAlreadyAdded', lastOne: 'MSG_OneLanguageRequired' },
  });
  const fieldError = fieldErrorOf(errors, t);
  return (
    <div className="post-language-tabs">
      <div className="post-language-tabs__bar">
        <AddLanguageButton label={t('UI_Post_AddLanguage')} testId="post-add-language" onAdd={add} />
        {active ? (
          <Button icon={<CloseOutlined />} onClick={() => remove(active)} data-testid="post-remove-language">
            {`${t('UI_Post_RemoveLanguage')}: ${languageTitle(active)}`}
          </Button>
        ) : null}
      </div>
      <LanguageWarning warning={warning} listError={errors.postposted} testId="post-language-warning" />
      <Tabs
        type="card"
        activeKey={active}
        onChange={(key) => onActive(key as LanguageKey)}
        items={texts.map((text, index) => {
          const lang = text.idioma_cod;
          return {
            key: lang,
            label: <span data-testid={`post-tab-${lang}`}>{languageTitle(lang)}</span>,
            children: (
              <>
                <Form.Item
                  label={t('UI_Post_Title')}
                  required
                  htmlFor={`post-title-${lang}`}
                  {...fieldError(`postposted.${index}.titulo`)}
                >
                  <Input
                    id={`post-title-${lang}`}
                    value={text.titulo}
                    maxLength={POST_LIMITS.titleMax}
                    onChange={(e) => update(index, { titulo: e.target.value })}
                    data-testid={`post-title-${lang}`}
                  />
                </Form.Item>
                <Form.Item
                  label={t('UI_Post_Summary')}
                  htmlFor={`post-summary-${lang}`}
                  {...fieldError(`postposted.${index}.resumen`)}
                >
                  <Input.TextArea
                    id={`post-summary-${lang}`}
                    value={text.resumen}
                    maxLength={POST_LIMITS.summaryMax}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    onChange={(e) => update(index, { resumen: e.target.value })}
                    data-testid={`post-summary-${lang}`}
                  />
                </Form.Item>
                <ImageSlots
                  lang={lang}
                  images={text.images}
                  onPick={(slot) => onPickSlot(lang, slot)}
                  onClear={(slot) => update(index, { images: { ...text.images, [slot]: null } })}
                />
                <Form.Item
                  label={<span id={`post-body-label-${lang}`}>{t('UI_Post_Body')}</span>}
                  {...fieldError(`postposted.${index}.contenido`)}
                >
                  <RichTextEditor
                    id={`post-body-${lang}`}
                    labelledBy={`post-body-label-${lang}`}
                    value={text.contenido}
                    onChange={(contenido) => update(index, { contenido })}
                    ImagePicker={Picker}
                    invalid={Boolean(errors[`postposted.${index}.contenido`])}
                  />
                </Form.Item>
              </>
            ),
          };
        })}
      />
    </div>
  );
}
