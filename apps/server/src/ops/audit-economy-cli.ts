import { embeddedDatabaseIsNew, openDatabase } from '../db/client.ts';
import { auditEconomy, formatAudit } from './audit-economy.ts';
import { runningServer } from './backup.ts';
import { opsConfig } from './run.ts';

/**
 * `npm run audit-economy` (package.json): the database of DATABASE_URL, or the embedded one in
 * DATA_DIR (refused while the server runs on it: the embedded database is one process's). Exit code
 * 0 when the economy is whole, 1 with the differences printed, 2 when there is no database to audit.
 */
async function main(): Promise<number> {
  const config = opsConfig();
  if (!config.databaseUrl && embeddedDatabaseIsNew(config.dataDir)) {
    console.error(`No database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL).`);
    return 2;
  }
  const pid = config.databaseUrl ? undefined : runningServer(config.dataDir);
  if (pid) {
    // The embedded database is one process's: opening it beside the server would corrupt it.
    console.error(`The server (pid ${pid}) is running on ${config.dataDir}: stop it first, audit, then start it again.`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await auditEconomy(database.db);
    console.log(formatAudit(report));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
