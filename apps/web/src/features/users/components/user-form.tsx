import { LANGUAGES } from '@portal/contract/constants';
import { putUserAdminRequest, USERS_MESSAGES, type UserDetail } from '@portal/contract/users';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { ApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { usePutUserAdminMutation } from '../api/put-user-admin';
import { AddressSelect } from './address-select';
import { PictureField } from './picture-field';

type Values = {
  username: string;
  email: string;
  cliente_id: string;
  language: string;
  addressdefault_recid: number | null;
  image_id: number | null;
};

const FIELDS = ['username', 'email', 'cliente_id', 'language', 'addressdefault_recid', 'image_id'] as const;

/** Server refusals that belong to one field. */
const FIELD_OF: Record<string, (typeof FIELDS)[number]> = {
  [USERS_MESSAGES.userNameTaken]: 'username',
  [USERS_MESSAGES.clientRequired]: 'cliente_id',
  [USERS_MESSAGES.clientUnknown]: 'cliente_id',
  [USERS_MESSAGES.addressNotOfClient]: 'addressdefault_recid',
  [USERS_MESSAGES.imageUnknown]: 'image_id',
};

const prepare = (v: Record<string, unknown>) => ({
  ...v,
  cliente_id: v.cliente_id === '' ? undefined : v.cliente_id,
});

type Props = {
  user: UserDetail;
  isNew: boolean;
  admin: boolean;
  ImagePicker: ImagePickerComponent;
  onSaved: (id: string) => void;
};

/**
 * The user's data (spec part 2 §3 User): name, e-mail, client (admins only choose it), language, default address
 * (a new user gets the SelectYourAddress placeholder first) and picture from the gallery.
 */
export function UserForm({ user, isNew, admin, ImagePicker, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePutUserAdminMutation();
  const clientId = Form.useWatch('cliente_id', form) ?? user.cliente_id ?? '';

  const submit = (values: Values) => {
    setProblem(null);
    const body = putUserAdminRequest.parse(prepare(values as unknown as Record<string, unknown>));
    save.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => onSaved(saved.data.id),
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          const key = error.body?.message ?? '';
          const placed = applyServerIssues(form, error.body?.issues ?? [], FIELDS);
          const field = FIELD_OF[key];
          if (field) form.setFields([{ name: field, errors: [translateMessage(key)] }]);
          else if (placed === 0) setProblem(translateMessage(key));
        },
      },
    );
  };

  const rule = (field: string) => zodFieldRule(putUserAdminRequest, field, prepare);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="users-form"
      onFinish={submit}
      initialValues={{
        username: user.username,
        email: user.email ?? '',
        cliente_id: user.cliente_id ?? '',
        language: user.language,
        addressdefault_recid: user.addressdefault_recid,
        image_id: user.image_id,
      }}
      data-testid="user-form"
    >
      <div className="users-form__grid">
        <Form.Item name="username" label={t('UI_People_UserName')} rules={[rule('username')]} required>
          <Input autoComplete="off" data-testid="user-username" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('UI_People_Email')}
          rules={[rule('email')]}
          extra={isNew ? t('UI_People_EmailHint') : undefined}
        >
          <Input type="email" autoComplete="off" data-testid="user-email" />
        </Form.Item>
        <Form.Item name="cliente_id" label={t('UI_People_Client')} rules={[rule('cliente_id')]} required>
          <Input disabled={!admin || !isNew} data-testid="user-client" />
        </Form.Item>
        <Form.Item name="language" label={t('UI_People_Language')}>
          <Select options={LANGUAGES.map((l) => ({ value: l.key, label: l.title }))} data-testid="user-language" />
        </Form.Item>
        <Form.Item name="addressdefault_recid" label={t('UI_People_DefaultAddress')}>
          <AddressSelect
            kind={isNew ? 'client' : 'user'}
            ownerId={isNew ? clientId : user.id}
            newUser={isNew}
            testId="user-address"
          />
        </Form.Item>
        <Form.Item name="image_id" label={t('UI_People_Picture')}>
          <PictureField initialUrl={user.image_url} ImagePicker={ImagePicker} />
        </Form.Item>
      </div>
      {problem && <Alert type="error" showIcon title={problem} className="users-form__problem" />}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-save">
        {t('UI_People_Save')}
      </Button>
    </Form>
  );
}
