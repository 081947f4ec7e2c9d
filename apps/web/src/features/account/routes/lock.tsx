import { UserOutlined } from '@ant-design/icons';
import { Avatar, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getAuth } from '@/lib/auth-storage';
import { useSite } from '@/lib/web-context';
import { type Credentials, useSignInMutation } from '../api/post-token';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { homePathFor } from '../home-path';

/** /lock: the locked session shows its user name and asks for the password again. */
export default function LockRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSite();
  const signIn = useSignInMutation();
  const userName = getAuth()?.userName ?? '';
  const [credentials, setCredentials] = useState<Credentials>({ username: userName, password: '' });

  const onSubmit = (values: Credentials) => {
    signIn.mutate(values, {
      onSuccess: () => navigate(homePathFor(site.context), { replace: true }),
      // A refused password does not stay in the field.
      onError: () => setCredentials((c) => ({ ...c, password: '' })),
    });
  };

  return (
    <AuthCard title={t('UI_LockTitle')}>
      {userName ? (
        <Space style={{ marginBottom: 16 }}>
          <Avatar size={48} icon={<UserOutlined />} />
          <Typography.Text strong style={{ fontSize: 16 }} data-testid="lock-user">
            {userName}
          </Typography.Text>
        </Space>
      ) : null}
      <LoginForm
        value={credentials}
        onChange={setCredentials}
        askUserName={!userName}
        pending={signIn.isPending}
        error={signIn.error}
        submitLabel={t('UI_Unlock')}
        onSubmit={onSubmit}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{t('UI_SignInAsOther')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
