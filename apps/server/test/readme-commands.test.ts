import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandTable } from '../src/commands/registry.ts';
import { buildCommandTable, README_BEGIN, README_END, readmeCommandTable, withReadmeCommandTable } from '../src/commands/table.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const table = buildCommandTable({ scheduler: new Scheduler({ error() {} }) });

/** The rows of the README's generated block, as written. */
function readmeBlock(text: string): string {
  const begin = text.indexOf(README_BEGIN);
  const end = text.indexOf(README_END);
  expect(begin, 'README.md keeps the command table markers').toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(begin);
  return text.slice(begin + README_BEGIN.length, end).trim();
}

describe("README.md's console-command table (spec 02 §9 'Commands')", () => {
  it('is the command table, row for row (regenerate: npx tsx scripts/readme-commands.ts)', () => {
    expect(readmeBlock(readme)).toBe(readmeCommandTable(table));
  });

  it('names every command and alias of the table, and nothing else', () => {
    const named = [...readmeBlock(readme).matchAll(/`\/([a-z]+)/g)].map((m) => m[1]);
    const known = table.all().flatMap((def) => [def.name, ...(def.aliases ?? [])]);
    expect(new Set(named)).toEqual(new Set(known));
  });

  it('would fail on a drift: a command added to the table without the README', () => {
    const extra = new CommandTable([table.all(), [{ name: 'wave', usage: '/wave', help: 'Waves.', group: 'General', run: async () => {} }]]);
    expect(readmeBlock(readme)).not.toBe(readmeCommandTable(extra));
    expect(readmeBlock(withReadmeCommandTable(readme, extra))).toContain('| General | `/wave` | Waves. |');
  });

  it('covers the commands spec 02 §9 lists', () => {
    const names = table.all().map((def) => def.name);
    for (const name of [
      'help',
      'adventure',
      'forest',
      'desert',
      'ice',
      'volcano',
      'caves',
      'roll',
      'poker',
      'check',
      'bet',
      'raise',
      'fold',
      'buy',
      'delete',
      'status',
      'spell',
      'potion',
    ]) {
      expect(names).toContain(name);
    }
  });
});
