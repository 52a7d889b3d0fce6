/** Rewrites README.md's console-command table from the server's command table: `npx tsx scripts/readme-commands.ts`. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCommandTable, withReadmeCommandTable } from '../apps/server/src/commands/table.ts';
import { Scheduler } from '../apps/server/src/scheduler/scheduler.ts';

const readmePath = path.resolve(import.meta.dirname, '../README.md');
const table = buildCommandTable({ scheduler: new Scheduler(console) });
writeFileSync(readmePath, withReadmeCommandTable(readFileSync(readmePath, 'utf8'), table));
console.log('README.md: command table regenerated');
