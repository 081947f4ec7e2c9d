import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { NOTIFICATION_LIMITS, type Notification, notificationLink } from '@portal/contract/notifications';
import { Badge, Button, Empty, Popover, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useNotifications } from '../api/get-notifications';
import { useUnread } from '../api/get-unread';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { notificationText } from './notification-text';
import './notifications.css';

/** One line of the panel: its sentence (a link to what it tells of), its time, and "mark as read" while unread. */
function NotificationItem({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  const text = notificationText(t, n);
  return (
    <li className={unread ? 'notification-item unread' : 'notification-item'} data-testid="notification-item">
      <span className="notification-dot" aria-hidden />
      <Link
        to={notificationLink(n)}
        onClick={() => {
          if (unread) markRead.mutate(n.id);
          onOpen();
        }}
      >
        {unread ? <span className="notification-sr">{`${t('UI_NT_Unread')}: `}</span> : null}
        {text}
        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
      </Link>
      {unread ? (
        <Button
          size="small"
          type="text"
          aria-label={`${t('UI_NT_MarkRead')}: ${text}`}
          title={t('UI_NT_MarkRead')}
          icon={<CheckOutlined />}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(n.id)}
        />
      ) : null}
    </li>
  );
}

/** The panel the bell opens: newest first, "mark all as read", "show more", a link to the stock alerts. */
function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = useNotifications(true);
  const markAll = useMarkAllRead();
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="notification-panel"
      aria-labelledby="notification-panel-title"
      data-testid="notification-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="notification-panel-head">
        <Typography.Title level={2} id="notification-panel-title" style={{ fontSize: 16, margin: 0 }}>
          {t('UI_NT_Bell')}
        </Typography.Title>
        <Button
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notification-mark-all"
        >
          {t('UI_NT_MarkAll')}
        </Button>
      </div>
      {list.isPending ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_NT_Empty')} />
      ) : (
        <ul className="notification-list">
          {rows.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={onClose} />
          ))}
        </ul>
      )}
      <div className="notification-panel-foot">
        <Link to="/stock-alerts" onClick={onClose} data-testid="notification-my-alerts">
          {t('UI_NT_MyAlerts')}
        </Link>
        {list.hasNextPage ? (
          <Button size="small" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('UI_NT_More')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** The header's bell: the unread count as a badge; a click (or Enter) opens the panel, Escape closes it. */
export function NotificationBell({ color, accent }: { color: string; accent: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useUnread();
  const count = data?.unread ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const label = count > 0 ? t('UI_NT_BellUnread', { count }) : t('UI_NT_Bell');
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      rootClassName="notification-popover"
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      arrow={false}
      destroyOnHidden
      content={<NotificationPanel onClose={close} />}
    >
      {/* The count sits beside the button (as the cart's): the button's name says it in words (WCAG 2.5.3). */}
      <Badge
        count={count}
        overflowCount={NOTIFICATION_LIMITS.badgeMax}
        size="small"
        color={accent}
        offset={[-6, 6]}
        data-testid="notification-badge"
      >
        <Button
          ref={button}
          type="text"
          aria-label={label}
          title={t('UI_NT_Bell')}
          aria-expanded={open}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          style={{ color }}
          icon={<BellOutlined style={{ color, fontSize: 18 }} />}
        />
      </Badge>
    </Popover>
  );
}
