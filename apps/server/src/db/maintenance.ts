import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** How often the embedded database's tables are checked for growth (a catalog read). */
const CHECK_EVERY_MS = 2 * 60 * 1000;
/** How often the embedded database is vacuumed. */
const VACUUM_EVERY_MS = 10 * 60 * 1000;

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in single-user mode, where no
 * autovacuum process exists: its tables were never analyzed, so the planner guessed their sizes
 * (a page of a character's console read 20,000 lines and sorted them where 200 were wanted), and
 * never vacuumed: dead rows were only pruned page by page as pages were read, and their index
 * entries stayed.
 *
 * Every CHECK_EVERY_MS the tables that grew by a fifth since they were last analyzed (or were
 * never, and hold more than a few pages) are analyzed, each alone; every VACUUM_EVERY_MS the
 * database is vacuumed (pages already all-visible are skipped, so it costs what changed). Both run
 * on the one embedded connection, between requests: measured on 520,000 console lines, an ANALYZE
 * of that table took ~290 ms and a VACUUM with little new ~20 ms (docs/performance.md, "The
 * database driver").
 *
 * A scheduler task (scheduler/scheduler.ts's Settler shape); PostgreSQL has its own autovacuum.
 */
export function embeddedMaintenance(db: Db, log: { error(o: object, m?: string): void }, now = Date.now()) {
  let nextCheck = now + CHECK_EVERY_MS;
  let nextVacuum = now + VACUUM_EVERY_MS;
  return {
    name: 'embedded-maintenance',
    async nextDue(): Promise<Date> {
      return new Date(Math.min(nextCheck, nextVacuum));
    },
    async settleDue(at: Date): Promise<number> {
      const time = at.getTime();
      let done = 0;
      try {
        if (time >= nextCheck) {
          nextCheck = time + CHECK_EVERY_MS;
          for (const table of await grownTables(db)) {
            await db.execute(sql`analyze ${sql.identifier(table)}`);
            done++;
          }
        }
        if (time >= nextVacuum) {
          nextVacuum = time + VACUUM_EVERY_MS;
          await db.execute(sql`vacuum`);
          done++;
        }
      } catch (error) {
        log.error({ err: error }, 'embedded database maintenance failed');
      }
      return done;
    },
  };
}

/** The tables of the game's schema that grew by a fifth (and more than 8 pages) since their last analyze. */
async function grownTables(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
    order by c.relname`)) as unknown as { rows: Array<{ name: string }> };
  return rows.map((row) => row.name);
}
