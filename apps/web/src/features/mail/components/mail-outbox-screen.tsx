import { RedoOutlined } from '@ant-design/icons';
import { MAIL_OUTBOX_GRID, type MailOutboxRow, mailCalls } from '@portal/contract/mail';
import { message as antMessage, Button, Card, Modal, Result, Spin, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { mailOutboxGridQueryOptions } from '../api/get-mail-outbox-grid';
import { useResendMail } from '../api/resend-mail';
import { useMailColumns } from './mail-columns';

const noSelection = () => false;
const ignore = () => undefined;

/** The mails not sent yet (admins; decision 0053): pending ones wait for their next attempt, dead ones an admin. */
function MailOutboxGrid() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage({ top: 64 });
  const resend = useResendMail();
  const action = useCallback(
    (row: MailOutboxRow) =>
      row.status === 'dead' ? (
        <Button
          size="small"
          icon={<RedoOutlined />}
          data-testid="mail-resend"
          onClick={() =>
            modal.confirm({
              title: t('UI_Mail_ResendTitle'),
              content: t('UI_Mail_ResendConfirm', { recipient: row.recipient, subject: row.subject }),
              okText: t('UI_Mail_Resend'),
              onOk: () => resend.mutateAsync(row.id).then((r) => void message.success(t(r.message))),
            })
          }
        >
          {t('UI_Mail_Resend')}
        </Button>
      ) : (
        <Typography.Text>{t('UI_Mail_Retried')}</Typography.Text>
      ),
    [t, modal, message, resend],
  );
  const columns = useMailColumns(action);
  const grid = useJqGrid({ definition: MAIL_OUTBOX_GRID, columns, query: mailOutboxGridQueryOptions });
  return (
    <Card variant="borderless" title={t('UI_Title_MailOutbox')}>
      {modalHolder}
      {messageHolder}
      <Typography.Paragraph>{t('UI_Mail_Help')}</Typography.Paragraph>
      <DataGrid<MailOutboxRow>
        grid={grid}
        rowKey={(row) => String(row.id)}
        isSelected={noSelection}
        onSelect={ignore}
        label={t('UI_Title_MailOutbox')}
        emptyText={t('UI_Mail_Empty')}
        testId="mail-grid"
      />
    </Card>
  );
}

/** The outbox screen, or a 403 page for anybody the outbox's call refuses (its own rule: the admins). */
export function MailOutboxScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!mayCall(mailCalls.outboxGrid, user)) {
    return <Result status="403" title={t('UI_AccessDeniedTitle')} subTitle={t('UI_Mail_AdminsOnly')} />;
  }
  return <MailOutboxGrid />;
}
