import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../config.ts';
import { embeddedDatabaseIsNew, openDatabase } from '../db/client.ts';
import { runningServer } from './backup.ts';
import { OPS_COMMANDS } from './commands.ts';
import { askServer, controlSocketExists, OpsError, type OpsAnswer } from './control.ts';

/** The config of the command lines: the same .env as `npm start` (start.mjs), so DATA_DIR and DATABASE_URL are the server's. */
export function opsConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig();
}

/**
 * Runs one of OPS_COMMANDS for a command line (issue 46, point 10). On PostgreSQL: on the
 * database, beside any running servers. On the embedded database: asked of the server when one
 * runs on DATA_DIR (its pid file names a live process), over its control socket; else on the
 * database opened here, as it is (never migrated: the server's start does that).
 */
export async function runOps(config: Config, name: string, args: string[]): Promise<OpsAnswer> {
  const command = Object.hasOwn(OPS_COMMANDS, name) ? OPS_COMMANDS[name] : undefined;
  if (!command) throw new OpsError(`Unknown command '${name}'.`);
  if (!config.databaseUrl) {
    if (embeddedDatabaseIsNew(config.dataDir))
      throw new OpsError(`No game database in ${config.dataDir} (DATA_DIR): start the server once, and sign up, first.`);
    const pid = runningServer(config.dataDir);
    if (pid !== undefined) {
      if (!controlSocketExists(config.dataDir))
        throw new OpsError(`The server (pid ${pid}) is running on ${config.dataDir} without a control socket: stop it, run the command, and start it again.`);
      return askServer(config.dataDir, name, args);
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  try {
    return await command.run({ database, inServer: false, dataDir: config.dataDir }, args);
  } finally {
    await database.close();
  }
}
