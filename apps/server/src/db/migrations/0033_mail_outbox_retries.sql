-- No mail is lost (issue 22; docs/decisions/0053). Each mail of the outbox is pending (waiting for its next
-- attempt), sent, or dead (every attempt of a day failed; an admin may send it again). A failed attempt moves
-- next_attempt_at on by an exponential back-off with jitter; the due mails are one indexed query.
alter table mail_outbox
  add column status text not null default 'pending' check (status in ('pending', 'sent', 'dead')),
  add column next_attempt_at timestamptz not null default now(),
  add column last_attempt_at timestamptz;

update mail_outbox set status = 'sent', last_attempt_at = sent_at where sent_at is not null;
-- What the old outbox had given up on (ten failed tries) is dead now: visible, and an admin may send it again.
update mail_outbox set status = 'dead' where sent_at is null and attempts >= 10;

drop index mail_outbox_pending;
-- The sender's query: the pending mails that are due, soonest first.
create index mail_outbox_due on mail_outbox (next_attempt_at, id) where status = 'pending';
-- The admins' screen and the queue's figures read the mails that are not sent, by status.
create index mail_outbox_open on mail_outbox (status, id) where status <> 'sent';
