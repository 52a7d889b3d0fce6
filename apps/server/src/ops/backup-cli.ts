import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup, OpsError, restore } from './backup.ts';

/** `npm run backup [FILE]` and `npm run restore FILE` (package.json): see backup.ts. */
const PG_DUMP_HELP = `DATABASE_URL is set: the game's data is in PostgreSQL. Back it up with pg_dump, and DATA_DIR's uploads, auth-secret and vapid-keys.json with it:
  pg_dump --format=custom --file=rpg.dump "$DATABASE_URL"
  tar -czf rpg-files.tar.gz -C "$DATA_DIR" uploads auth-secret vapid-keys.json
Restore into an empty database with pg_restore (then start the server, which applies newer migrations):
  pg_restore --no-owner --dbname="$DATABASE_URL" rpg.dump
  tar -xzf rpg-files.tar.gz -C "$DATA_DIR"`;

async function main(): Promise<number> {
  const [command, fileArg] = process.argv.slice(2);
  // The same .env as `npm start` (start.mjs), so DATA_DIR and DATABASE_URL are the server's.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (config.databaseUrl) {
    console.log(PG_DUMP_HELP);
    return 2;
  }
  try {
    if (command === 'backup') {
      const file = fileArg ?? `rpg-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      await backup(config.dataDir, file);
      console.log(`Backed up ${config.dataDir} to ${path.resolve(file)}`);
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
