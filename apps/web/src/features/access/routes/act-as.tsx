import { UserSwitchOutlined } from '@ant-design/icons';
import { actAsRequest } from '@portal/contract/access';
import { Alert, Button, Card, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { enterActing } from '../acting-session';
import { useActAsMutation } from '../api/acting';

/**
 * /setting/actas?username=: a staff member opens the portal as a customer's user (decision 0035). The user
 * screens link here with the user's name.
 */
export default function ActAsRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [username, setUsername] = useState(search.get('username') ?? '');
  const actAs = useActAsMutation();
  const valid = actAsRequest.safeParse({ username }).success;

  const start = () =>
    actAs.mutate(username.trim(), {
      onSuccess: (tokens) => {
        enterActing(tokens);
        // A full load: the customer's menu, cart and screens, from scratch.
        window.location.assign('/dashboard');
      },
    });
  const error = actAs.error;
  const refusal = isApiError(error)
    ? error.status === 404
      ? t('UI_Access_ActAsNotAllowed')
      : error.body?.messagedetail || translateMessage(error.body?.message)
    : null;

  return (
    <Card title={t('UI_Access_ActAsTitle')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph>{t('UI_Access_ActAsText')}</Typography.Paragraph>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="act-as-refused"
        />
      ) : null}
      <Form layout="vertical" requiredMark={false} onFinish={() => undefined}>
        <Form.Item label={t('UI_Access_ActAsUser')} htmlFor="act-as-user">
          <Input
            id="act-as-user"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            data-testid="act-as-user"
          />
        </Form.Item>
        <Popconfirm
          title={t('UI_Access_ActAsTitle')}
          description={t('UI_Access_ActAsConfirm', { user: username.trim() })}
          okText={t('UI_Access_ActAsStart')}
          cancelText={t('UI_Cancel_Access')}
          onConfirm={start}
          disabled={!valid}
        >
          <Button
            type="primary"
            icon={<UserSwitchOutlined />}
            disabled={!valid}
            loading={actAs.isPending}
            data-testid="act-as-start"
          >
            {t('UI_Access_ActAsStart')}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}
