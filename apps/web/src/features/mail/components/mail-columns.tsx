import { MAIL_STATUSES, type MailOutboxRow } from '@portal/contract/mail';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { secondary, selectColumn, textColumn } from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { formatDateTime } from '@/lib/format';

const STATUS_COLOR = { pending: 'gold', dead: 'red' } as const;

/** A date and time column, sorted (filtered by a day range when the grid allows it). */
function timeColumn(
  field: 'createdAt' | 'lastAttemptAt' | 'nextAttemptAt',
  title: string,
  card?: 'date',
): GridColumnDef<MailOutboxRow> {
  return {
    key: field,
    title,
    sortField: field,
    filter: { field, kind: 'dateRange' },
    width: 170,
    card,
    render: (r) => <span className="doc-nowrap">{r[field] ? formatDateTime(r[field]) : '—'}</span>,
  };
}

/** The outbox grid's columns: who and what, where it stands, and (dead mails) "send again". */
export function useMailColumns(action: (row: MailOutboxRow) => ReactNode): GridColumnDef<MailOutboxRow>[] {
  const { t } = useTranslation();
  return useMemo((): GridColumnDef<MailOutboxRow>[] => {
    const statuses = MAIL_STATUSES.map((s) => ({ value: s, label: t(`UI_Mail_Status_${s}`) }));
    return [
      { ...textColumn<MailOutboxRow>('recipient', t('UI_Mail_Col_Recipient'), 240), fixed: 'left', card: 'id' },
      {
        ...selectColumn<MailOutboxRow>('status', t('UI_Mail_Col_Status'), 130, { options: statuses }, (r) => (
          <Tag color={STATUS_COLOR[r.status]} data-testid="mail-status">
            {t(`UI_Mail_Status_${r.status}`)}
          </Tag>
        )),
        card: 'status',
      },
      // On a card (narrow screens) the subject is one of the facts.
      { ...textColumn<MailOutboxRow>('subject', t('UI_Mail_Col_Subject'), 260), card: 'amount' },
      { ...textColumn<MailOutboxRow>('attempts', t('UI_Mail_Col_Attempts'), 100), align: 'right' },
      timeColumn('createdAt', t('UI_Mail_Col_Created'), 'date'),
      timeColumn('nextAttemptAt', t('UI_Mail_Col_NextAttempt'), 'date'),
      secondary(timeColumn('lastAttemptAt', t('UI_Mail_Col_LastAttempt'))),
      { ...textColumn<MailOutboxRow>('lastError', t('UI_Mail_Col_LastError'), 320), card: 'links' },
      { key: 'action', title: t('UI_Mail_Col_Action'), width: 150, fixed: 'right', card: 'links', render: action },
    ];
  }, [t, action]);
}
