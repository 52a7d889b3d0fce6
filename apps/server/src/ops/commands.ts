import { GRANT_USAGE, grantRole } from './admin.ts';
import { OpsError, type OpsCommand } from './control.ts';

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
  'dump-database': {
    async run({ database }) {
      if (!database.dump) throw new OpsError('The game runs on PostgreSQL: back it up with pg_dump (npm run backup says how).');
      return { message: 'dumped', data: await database.dump() };
    },
  },
};
