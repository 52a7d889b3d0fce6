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
 * game's tables are vacuumed, each alone (pages already all-visible are skipped, so each costs
 * what changed in it; PGlite counts no dead rows per table, so every table is visited). Each
 * statement runs on the one embedded connection, in the server's thread, between requests: one at a
 * time, the longest holds the event loop for its own table, not for the whole database (measured on
 * 520,000 console lines, an ANALYZE of that table took ~290 ms and a VACUUM with little new ~20 ms;
 * docs/performance.md, "The database driver"). The system catalogs change only with migrations.
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
          for (const table of await gameTables(db)) {
            await db.execute(sql`vacuum ${sql.identifier(table)}`);
            done++;
          }
        }
      } catch (error) {
        log.error({ err: error }, 'embedded database maintenance failed');
      }
      return done;
    },
  };
}

/** The tables of the game's schema that grew by a fifth (and more than 8 pages) since their last analyze. */
function grownTables(db: Db): Promise<string[]> {
  return gameTables(db, sql`and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8`);
}

/** The tables of the game's schema (`public`), by name, those that meet `where` if given. */
async function gameTables(db: Db, where = sql``): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' ${where}
    order by c.relname`)) as unknown as { rows: Array<{ name: string }> };
  return rows.map((row) => row.name);
}
