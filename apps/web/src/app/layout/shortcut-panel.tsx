import { DownOutlined, IdcardOutlined, LockOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { avatarUrl } from '@portal/contract/images';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth-storage';
import { useUser } from '@/lib/current-user';

type ShortcutPanelProps = { color: string; compact: boolean };

/**
 * The user's avatar and name; opens the shortcuts: profile, FAQ, lock. The older application offered the profile from
 * rank 1 up; every user has a password and a language to change, so every user gets it (issue 25, decision 0064).
 */
export function ShortcutPanel({ color, compact }: ShortcutPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const { data: user } = useUser();
  const name = user?.username ?? auth?.userName ?? '';

  const items: MenuProps['items'] = [
    { key: '/profile', icon: <IdcardOutlined />, label: t('UI_Profile') },
    { key: '/faq/packs', icon: <QuestionCircleOutlined />, label: t('UI_Faq') },
    { type: 'divider' },
    { key: '/lock', icon: <LockOutlined />, label: t('UI_LockScreen') },
  ];

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => navigate(key) }} placement="bottomRight" arrow>
      <Button
        type="text"
        // The accessible name starts with the visible text (WCAG 2.5.3), then says what the button opens.
        aria-label={
          compact ? t('UI_Shortcuts') : `${[name, user?.clientName].filter(Boolean).join(' · ')}, ${t('UI_Shortcuts')}`
        }
        data-testid="user-menu"
        style={{ color, display: 'inline-flex', alignItems: 'center', gap: 8, paddingInline: 6, height: 40 }}
      >
        <Avatar
          size={28}
          src={user?.image_id ? avatarUrl(user.image_id) : undefined}
          icon={<UserOutlined />}
          alt=""
          style={{ background: 'rgba(255,255,255,0.25)' }}
        />
        {!compact && (
          <span
            style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            data-testid="user-name"
          >
            {name}
            {user?.clientName ? <small style={{ opacity: 0.75 }}> · {user.clientName}</small> : null}
          </span>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
