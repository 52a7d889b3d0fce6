import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { mailOutbox } from '../schema/index.ts';

/** The development outbox (mail/mailer.ts): each mail kept, read back by address. */

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  code: string | null;
}

export async function insertOutboxMail(db: Db, mail: OutboxMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The newest 50 mails to `to` (an address as kept), newest first. */
export async function readOutboxMails(db: Db, to: string): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id)).limit(50);
}
