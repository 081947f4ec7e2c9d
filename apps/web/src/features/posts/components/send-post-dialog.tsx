import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { sendPostBody } from '@portal/contract/posts';
import { type ButtonProps, Form, Input, Modal, message, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { useSendPostMutation } from '../api/send-post';

type Props = { open: boolean; postId: number; languages: LanguageKey[]; onClose: () => void };

/** Sends a saved post by e-mail (sendpostbyemail): the recipient and the language sent. */
export function SendPostDialog({ open, postId, languages, onClose }: Props) {
  const { t } = useTranslation();
  const [notify, holder] = message.useMessage({ top: 64 });
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<LanguageKey>(languages[0] ?? 'es');
  const [error, setError] = useState<string | null>(null);
  const send = useSendPostMutation();
  const submit = () => {
    const checked = sendPostBody.safeParse({ email, lang });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'WARN_PostEmailInvalid');
    send.mutate(
      { id: postId, email: checked.data.email, lang },
      {
        onSuccess: () => {
          void notify.success(t('MSG_PostSent'));
          setEmail('');
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 400) setError(e.body?.message ?? 'WARN_PostEmailInvalid');
        },
      },
    );
  };
  return (
    <>
      {holder}
      <Modal
        open={open}
        title={t('UI_Post_SendTitle')}
        okText={t('UI_Post_Send')}
        cancelText={t('UI_Docs_Cancel')}
        okButtonProps={{ loading: send.isPending, 'data-testid': 'post-send-ok' } as ButtonProps}
        onOk={submit}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={submit} component="div">
          <Form.Item
            label={t('UI_Post_Email')}
            required
            htmlFor="post-send-email"
            validateStatus={error ? 'error' : undefined}
            help={error ? t(error) : undefined}
          >
            <Input
              id="post-send-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              onPressEnter={submit}
              data-testid="post-send-email"
            />
          </Form.Item>
          <Form.Item label={t('UI_Post_SendLanguage')} htmlFor="post-send-lang">
            <Select
              id="post-send-lang"
              value={lang}
              onChange={setLang}
              options={languages.map((l) => ({ value: l, label: LANGUAGES.find((x) => x.key === l)?.title ?? l }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
