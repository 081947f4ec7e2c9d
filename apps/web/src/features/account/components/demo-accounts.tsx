import { useTranslation } from 'react-i18next';

export const DEMO_PASSWORD = 'demo1234';

const DEMO_ACCOUNTS = [
  { userName: 'admin', roleKey: 'UI_DemoRoleAdmin' },
  { userName: 'clientadmin', roleKey: 'UI_DemoRoleClientAdmin' },
  { userName: 'buyer', roleKey: 'UI_DemoRoleBuyer' },
  { userName: 'buyer2', roleKey: 'UI_DemoRoleBuyer2' },
  { userName: 'comercial', roleKey: 'UI_DemoRoleComercial' },
] as const;

type DemoAccountsProps = {
  /** Shown only in demo mode (GET /api/common/webcontext answers `demo: true`). */
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
      data-testid="demo-accounts"
      style={{ marginTop: 20, padding: 12, border: '1px dashed #d0d5dd', borderRadius: 8, background: '#fafbfc' }}
    >
      <h2 id="demo-accounts-title" style={{ fontSize: 14, margin: 0, color: '#101828' }}>
        {t('UI_DemoAccounts')}
      </h2>
      <p style={{ margin: '2px 0 8px', fontSize: 13, color: '#667085' }}>
        {t('UI_DemoPassword')} <code>{DEMO_PASSWORD}</code>
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.userName} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 13 }}>
            <button type="button" className="auth-link-button" onClick={() => onPick(account.userName, DEMO_PASSWORD)}>
              {account.userName}
            </button>
            <span style={{ color: '#475467' }}>{t(account.roleKey)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
