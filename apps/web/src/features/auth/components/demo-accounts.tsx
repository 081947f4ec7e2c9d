import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const DEMO_PASSWORD = 'demo1234';

const DEMO_ACCOUNTS = [
  { userName: 'admin', roleKey: 'UI_DemoRoleAdmin' },
  { userName: 'clientadmin', roleKey: 'UI_DemoRoleClientAdmin' },
  { userName: 'buyer', roleKey: 'UI_DemoRoleBuyer' },
  { userName: 'buyer2', roleKey: 'UI_DemoRoleBuyer2' },
] as const;

type DemoAccountsProps = {
  /** Shown only in demo mode (the server's web context says `demo`). */
  show: boolean;
  onPick: (userName: string, password: string) => void;
};

/** The demo accounts of DESIGN §4, listed on the login page in demo mode; a click fills the form. */
export function DemoAccounts({ show, onPick }: DemoAccountsProps) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <section
      aria-labelledby="demo-accounts-title"
      style={{ marginTop: 20, padding: 12, border: '1px dashed #d0d5dd', borderRadius: 8, background: '#fafbfc' }}
    >
      <Typography.Text strong id="demo-accounts-title">
        {t('UI_DemoAccounts')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '2px 0 8px', fontSize: 13 }}>
        {t('UI_DemoPassword')} <Typography.Text code>{DEMO_PASSWORD}</Typography.Text>
      </Typography.Paragraph>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.userName} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => onPick(account.userName, DEMO_PASSWORD)}
            >
              {account.userName}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t(account.roleKey)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
