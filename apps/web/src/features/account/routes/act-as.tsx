import { UserSwitchOutlined } from '@ant-design/icons';
import { ACTING_SEARCH, actAsRequest } from '@portal/contract/account';
import { Alert, AutoComplete, Button, Card, Form, Popconfirm, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { enterActing } from '../acting-session';
import { useActAsMutation, useActingCandidates } from '../api/acting';

/** How long the type-ahead waits for the typing to pause before it asks the server. */
const TYPING_PAUSE_MS = 250;

/**
 * /setting/actas?username=: a staff member opens the portal as a customer's user (decision 0035). The field searches
 * the users the caller may act as (user name, e-mail, client number or name; issue 25); the user's screen links here
 * with the user's name.
 */
export default function ActAsRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [username, setUsername] = useState(search.get('username') ?? '');
  const actAs = useActAsMutation();
  const valid = actAsRequest.safeParse({ username }).success;
  const [term, setTerm] = useState(username);
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(username), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [username]);
  const searching = term.trim().length >= ACTING_SEARCH.minLength;
  const candidates = useActingCandidates(term);
  const options = searching
    ? (candidates.data?.users ?? []).map((u) => ({
        value: u.username,
        label: (
          <span style={{ display: 'flex', flexDirection: 'column' }} data-testid="act-as-option">
            <strong>{u.username}</strong>
            <span style={{ whiteSpace: 'normal', fontSize: 13 }}>
              {[u.client_id && u.clientName ? `${u.client_id} · ${u.clientName}` : u.client_id, u.email]
                .filter(Boolean)
                .join(' — ')}
            </span>
          </span>
        ),
      }))
    : [];

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
        <Form.Item
          label={t('UI_Access_ActAsUser')}
          htmlFor="act-as-user"
          extra={<span id="act-as-user-hint">{t('UI_Access_ActAsSearchHint')}</span>}
        >
          <AutoComplete<string>
            id="act-as-user"
            value={username}
            onChange={(value) => setUsername(value ?? '')}
            options={options}
            notFoundContent={
              searching && candidates.data && !candidates.isFetching ? t('UI_Access_ActAsNoMatch') : null
            }
            style={{ width: '100%' }}
            aria-describedby="act-as-user-hint"
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
