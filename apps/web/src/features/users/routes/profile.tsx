import { LANGUAGES, LIMITS } from '@portal/contract/constants';
import { putUserRequest } from '@portal/contract/users';
import { Alert, Button, Form, Input, message, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { ApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { changeLanguage, useLanguage } from '@/lib/language';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { useMyUser } from '../api/get-my-user';
import { usePutUserMutation } from '../api/put-user';
import { AddressSelect } from '../components/address-select';
import { PictureField } from '../components/picture-field';
import '../users.css';

type Values = {
  image_id: number | null;
  addressdefault_recid: number | null;
  language: string;
  currentPassword?: string;
  newPassword?: string;
  repeatPassword?: string;
};
const FIELDS = ['image_id', 'addressdefault_recid', 'language', 'currentPassword', 'newPassword'] as const;
const prepare = (v: Record<string, unknown>) => ({
  ...v,
  currentPassword: v.currentPassword || undefined,
  newPassword: v.newPassword || undefined,
});

/** /profile: the caller's own picture, default address, language and password (the current one asked). */
export default function ProfileRoute({ ImagePicker }: { ImagePicker: ImagePickerComponent }) {
  const { t } = useTranslation();
  const me = useMyUser();
  const save = usePutUserMutation();
  const [form] = Form.useForm<Values>();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const [problem, setProblem] = useState<string | null>(null);
  const rule = (field: string) => zodFieldRule(putUserRequest, field, prepare);
  // A user who never chose a language sees the screen's; it is saved only once picked (migration 0053): a save that
  // only changes the password does not tie the user to the language the screen happened to show.
  const screenLanguage = useLanguage();
  const shownLanguage = me.data?.language_chosen ? me.data.language : screenLanguage;

  const submit = ({ repeatPassword: _r, language, ...values }: Values) => {
    setProblem(null);
    const picked = me.data?.language_chosen || language !== shownLanguage;
    const body = putUserRequest.parse(prepare({ ...values, ...(picked ? { language } : {}) }));
    save.mutate(body, {
      onSuccess: () => {
        void notify.success(t('WARN_SaveOK'));
        form.setFieldsValue({ currentPassword: '', newPassword: '', repeatPassword: '' });
        // The one language switch (lib/language.ts): the dictionary, Ant Design's and dayjs's locales, kept.
        if (body.language) void changeLanguage(body.language);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return;
        const key = error.body?.message ?? '';
        if (key === 'WARN_CurrentPasswordWrong') {
          form.setFields([{ name: 'currentPassword', errors: [translateMessage(key)] }]);
        } else if (applyServerIssues(form, error.body?.issues ?? [], FIELDS) === 0) {
          setProblem(translateMessage(key));
        }
      },
    });
  };

  return (
    <div className="users-page">
      {notifyHolder}
      {me.isPending ? (
        <Skeleton active />
      ) : me.isError ? (
        <p role="alert">{t('UI_People_LoadFailed', { message: translateMessage(me.error.message) })}</p>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          className="users-form"
          onFinish={submit}
          initialValues={{
            image_id: me.data.image_id,
            addressdefault_recid: me.data.addressdefault_recid,
            language: shownLanguage,
          }}
          data-testid="profile-form"
        >
          <p className="users-hint" data-testid="profile-user">
            {t('UI_People_ProfileOf', { user: me.data.username, client: me.data.cliente_id ?? '' })}
          </p>
          <div className="users-form__grid">
            <Form.Item name="image_id" label={t('UI_People_Picture')}>
              <PictureField initialUrl={me.data.image_url} ImagePicker={ImagePicker} />
            </Form.Item>
            <Form.Item name="language" label={t('UI_People_Language')}>
              <Select
                options={LANGUAGES.map((l) => ({ value: l.key, label: l.title }))}
                data-testid="profile-language"
              />
            </Form.Item>
            <Form.Item name="addressdefault_recid" label={t('UI_People_DefaultAddress')}>
              <AddressSelect kind="user" ownerId="profile" newUser={false} testId="profile-address" />
            </Form.Item>
          </div>
          <fieldset className="users-fieldset">
            <legend>{t('UI_People_ChangePassword')}</legend>
            <div className="users-form__grid">
              <Form.Item
                name="currentPassword"
                label={t('UI_People_CurrentPassword')}
                rules={[rule('currentPassword')]}
              >
                <Input.Password autoComplete="current-password" data-testid="profile-current-password" />
              </Form.Item>
              <Form.Item
                name="newPassword"
                label={t('UI_People_NewPassword')}
                rules={[rule('newPassword')]}
                extra={t('UI_People_PasswordHint', { min: LIMITS.passwordMinLength })}
              >
                <Input.Password autoComplete="new-password" data-testid="profile-new-password" />
              </Form.Item>
              <Form.Item
                name="repeatPassword"
                label={t('UI_People_RepeatPassword')}
                dependencies={['newPassword']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, value) => {
                      if ((value ?? '') !== (getFieldValue('newPassword') ?? ''))
                        throw new Error(t('UI_People_PasswordsDiffer'));
                    },
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" data-testid="profile-repeat-password" />
              </Form.Item>
            </div>
          </fieldset>
          {problem && <Alert type="error" showIcon title={problem} className="users-form__problem" />}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
            {t('UI_People_Save')}
          </Button>
        </Form>
      )}
    </div>
  );
}
