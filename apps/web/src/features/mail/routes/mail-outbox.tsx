import { MailOutboxScreen } from '../components/mail-outbox-screen';

/** /setting/mail (admins): the mails not sent yet, and "send again" for a dead one (decision 0053). */
export default function MailOutboxPage() {
  return <MailOutboxScreen />;
}
