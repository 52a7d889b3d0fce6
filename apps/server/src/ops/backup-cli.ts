import path from 'node:path';
import { defaultBackupFile, dumpStoppedDatabase, restore, runningServer, writeBackup } from './backup.ts';
import { OpsError } from './control.ts';
import { opsConfig, runOps } from './run.ts';

/** `npm run backup [FILE]` and `npm run restore FILE` (package.json): see backup.ts. */
const PG_DUMP_HELP = `DATABASE_URL is set: the game's data is in PostgreSQL. Back it up with pg_dump, and DATA_DIR's uploads, auth-secret and vapid-keys.json with it:
  umask 077
  pg_dump --format=custom --file=rpg.dump "$DATABASE_URL"
  tar -czf rpg-files.tar.gz -C "$DATA_DIR" uploads auth-secret vapid-keys.json
Restore into an empty database with pg_restore (then start the server, which applies newer migrations):
  pg_restore --no-owner --dbname="$DATABASE_URL" rpg.dump
  tar -xzf rpg-files.tar.gz -C "$DATA_DIR"`;

async function main(): Promise<number> {
  const [command, fileArg] = process.argv.slice(2);
  const config = opsConfig();
  if (config.databaseUrl) {
    console.log(PG_DUMP_HELP);
    return 2;
  }
  try {
    if (command === 'backup') {
      const file = fileArg ?? defaultBackupFile();
      // The running server's dump when it runs (its control socket), else the stopped database's.
      const running = runningServer(config.dataDir) !== undefined;
      const dump = running ? (await runOps(config, 'dump-database', [])).data : await dumpStoppedDatabase(config.dataDir);
      if (!dump) throw new OpsError('The server sent no database.');
      writeBackup(config.dataDir, dump, file);
      console.log(
        `Backed up ${config.dataDir}${running ? ' (from the running server)' : ''} to ${path.resolve(file)} (mode 0600: it holds every password hash, session and the auth secret)`,
      );
      return 0;
    }
    if (command === 'restore' && fileArg) {
      restore(fileArg, config.dataDir);
      console.log(`Restored ${fileArg} into ${config.dataDir}; start the server.`);
      return 0;
    }
    console.error('Usage: npm run backup [FILE] | npm run restore FILE');
    return 64;
  } catch (error) {
    if (error instanceof OpsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
