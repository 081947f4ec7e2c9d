import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; outboxDir: string | null };

/**
 * How long one attempt may wait on the SMTP server (milliseconds; decision 0053): a server that does not
 * answer costs the background sender a few seconds, never a request (nodemailer waits 2 minutes to connect,
 * 30 seconds for the greeting and 10 minutes of silence by default).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10_000,
  dnsTimeout: 5000,
};

/**
 * Real mail path without a server: by default every message is rendered by nodemailer and written as an
 * .eml file under DATA_DIR/outbox; with SMTP_URL it goes to that server. Only the outbox's sender calls it
 * (db/mail-outbox.ts): a request queues its mails, it never sends them.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    // The SMTP transport itself: createTransport({ url, ... }) would keep the URL's settings and drop the timeouts.
    const transport = nodemailer.createTransport(new SMTPTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }));
    return {
      outboxDir: null,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: options.outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
