import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** The liveness probe's statement (/api/health): the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
