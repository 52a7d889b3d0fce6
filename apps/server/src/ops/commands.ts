import { createPgBus } from '../realtime/bus.ts';
import { DELETE_USAGE, deleteAccountByEmail, GRANT_USAGE, grantRole } from './admin.ts';
import { OpsError, type OpsCommand } from './control.ts';
import { ACCOUNT_DELETED } from '../services/read-caches.ts';

/**
 * Every command the operator's command lines run (issue 46, point 10), by name: `npm run admin --
 * NAME ARGS...` runs the entries that have a `usage`; `npm run backup` runs `dump-database`. Each
 * runs in the running server when it holds the embedded database (asked over its control socket,
 * ops/control.ts), else in the command line on the database it opens (ops/run.ts). A new command
 * is one entry here.
 */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  grant: {
    usage: GRANT_USAGE.replace(/^Usage: /, ''),
    async run({ database }, [email, role]) {
      if (!email || !role) throw new OpsError(GRANT_USAGE);
      return { message: await grantRole(database.db, email, role) };
    },
  },
  delete: {
    usage: DELETE_USAGE.replace(/^Usage: /, ''),
    async run({ database, dataDir, revokeSessions, readsChanged }, [email]) {
      if (!email) throw new OpsError(DELETE_USAGE);
      const { message, userId } = await deleteAccountByEmail(database.db, email, dataDir);
      if (revokeSessions) {
        revokeSessions(userId);
        readsChanged?.(ACCOUNT_DELETED);
      } else if (database.pool) {
        // Running servers on the same PostgreSQL drop the account's cached sessions and close its tabs.
        const bus = await createPgBus(database.pool, { error: (o, m) => console.error(m, o), info: () => {} }, { startWaitMs: 0 });
        await bus.publish({ kind: 'revalidate-user', userId });
        await bus.publish({ kind: 'reads-changed', change: ACCOUNT_DELETED });
        await bus.close();
      }
      return { message };
    },
  },
  'dump-database': {
    async run({ database }) {
      if (!database.dump) throw new OpsError('The game runs on PostgreSQL: back it up with pg_dump (npm run backup says how).');
      return { message: 'dumped', data: await database.dump() };
    },
  },
};
