import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { insertOutboxMail, readOutboxMails } from '../db/queries/mail.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The verification URL, when the mail carries one (kept in the dev outbox). */
  link?: string;
  /** The 6-digit code, when the mail carries one (kept in the dev outbox). */
  code?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
}

export interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Real SMTP through nodemailer. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

/** Development: print each mail to the log and keep it in the outbox table. */
export function createOutboxMailer(db: Db, log: Logger, printToConsole = true): Mailer {
  return {
    mode: 'outbox',
    async send(mail) {
      await insertOutboxMail(db, {
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        link: mail.link ?? null,
        code: mail.code ?? null,
      });
      log.info({ to: mail.to, subject: mail.subject }, 'dev mail kept in the outbox (GET /api/dev/outbox?to=ADDRESS)');
      if (printToConsole) {
        const rule = '-'.repeat(72);
        process.stdout.write(`\n${rule}\nDEV MAIL to ${mail.to}: ${mail.subject}\n${rule}\n${mail.text}\n${rule}\n\n`);
      }
    },
  };
}

export async function readOutbox(db: Db, to: string) {
  const rows = await readOutboxMails(db, to.toLowerCase());
  return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, link: r.link, code: r.code, sentAt: r.sentAt.toISOString() }));
}
