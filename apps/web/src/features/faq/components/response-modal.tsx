import { FAQ_LIMITS, faqResponseInput } from '@portal/contract/faq';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { RichTextEditor } from '@/components/rich-text-editor';

export type ResponseDraft = { id_response: number; pregunta: string; respuesta: string };

type Props = {
  response: ResponseDraft;
  isNew: boolean;
  onCancel: () => void;
  onAccept: (response: ResponseDraft) => void;
  /** The gallery's picker, for images in the answer. */
  ImagePicker: ImagePickerComponent;
};

/** The response popup (spec part 2 §2): the question and its answer, in the rich-text editor posts use. */
export function ResponseModal({ response, isNew, onCancel, onAccept, ImagePicker }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(response);
  const [error, setError] = useState<Record<string, string>>({});
  const accept = () => {
    const checked = faqResponseInput.safeParse(draft);
    if (!checked.success) {
      setError(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    onAccept({ ...draft, pregunta: checked.data.pregunta });
  };
  return (
    <Modal
      open
      title={t(isNew ? 'UI_Faq_AddResponse' : 'UI_Faq_EditResponse')}
      onCancel={onCancel}
      onOk={accept}
      okText={t('UI_Content_Save')}
      cancelText={t('UI_Content_Cancel')}
      okButtonProps={{ id: 'faq-response-accept' }}
      width={720}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('UI_Faq_Question')}
          required
          htmlFor="faq-question"
          validateStatus={error.pregunta ? 'error' : undefined}
          help={error.pregunta ? t(error.pregunta) : undefined}
        >
          <Input
            id="faq-question"
            data-testid="faq-question-input"
            maxLength={FAQ_LIMITS.questionMax}
            value={draft.pregunta}
            onChange={(e) => setDraft({ ...draft, pregunta: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={<span id="faq-answer-label">{t('UI_Faq_Answer')}</span>}
          extra={t('UI_Faq_AnswerHelp')}
          validateStatus={error.respuesta ? 'error' : undefined}
          help={error.respuesta ? t(error.respuesta) : undefined}
        >
          <RichTextEditor
            id="faq-answer"
            labelledBy="faq-answer-label"
            value={draft.respuesta}
            onChange={(respuesta) => setDraft((d) => ({ ...d, respuesta }))}
            ImagePicker={ImagePicker}
            invalid={Boolean(error.respuesta)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
