import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { embeddedDatabaseIsNew, openDatabase } from '../db/client.ts';
import { createPgBus } from '../realtime/bus.ts';
import { DELETE_USAGE, deleteAccountByEmail, GRANT_USAGE, grantRole } from './admin.ts';
import { OpsError, runningServer } from './backup.ts';

/** `npm run admin -- grant EMAIL admin|moderator|player` and `delete EMAIL` (package.json): see admin.ts. */
async function main(): Promise<number> {
  const [command, email, role] = process.argv.slice(2);
  const deleting = command === 'delete' && Boolean(email);
  if (!deleting && (command !== 'grant' || !email || !role)) {
    console.error(`${GRANT_USAGE}\n${DELETE_USAGE}`);
    return 64;
  }
  // The same .env as `npm start` (start.mjs), so DATA_DIR and DATABASE_URL are the server's.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.databaseUrl) {
    if (embeddedDatabaseIsNew(config.dataDir)) {
      console.error(`No game database in ${config.dataDir} (DATA_DIR): start the server once, and sign up, first.`);
      return 1;
    }
    // The embedded database has one user at a time.
    const pid = runningServer(config.dataDir);
    if (pid !== undefined) {
      console.error(`The server (pid ${pid}) is running on ${config.dataDir}: stop it, ${deleting ? 'delete the account' : 'grant the role'}, and start it again.`);
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (deleting) {
      const { message, userId } = await deleteAccountByEmail(database.db, email!, config.dataDir);
      // Running servers on the same PostgreSQL drop the account's cached sessions and close its tabs.
      if (database.pool) {
        const bus = await createPgBus(database.pool, { error: (o, m) => console.error(m, o), info: () => {} }, { startWaitMs: 0 });
        await bus.publish({ kind: 'revalidate-user', userId });
        await bus.close();
      }
      console.log(message);
      return 0;
    }
    console.log(await grantRole(database.db, email!, role!));
    return 0;
  } catch (error) {
    if (error instanceof OpsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
