import type { Scheduler } from '../scheduler/scheduler.ts';
import { adventureCommands } from './adventure.ts';
import { casinoCommands } from './casino.ts';
import { coreCommands } from './core.ts';
import { generalCommands } from './general.ts';
import { itemCommands } from './items.ts';
import { magicCommands } from './magic.ts';
import { secretCommands } from './secrets.ts';
import { CommandTable } from './registry.ts';

/** The console's command table: every group, in the order /help lists them. A new group is added here. */
export function buildCommandTable(deps: { scheduler: Scheduler }): CommandTable {
  const table: CommandTable = new CommandTable([
    coreCommands(() => table),
    generalCommands(),
    adventureCommands(deps),
    magicCommands(),
    itemCommands(),
    casinoCommands(),
    secretCommands(),
  ]);
  return table;
}

export const README_BEGIN = '<!-- commands:begin (generated from the command table: npx tsx scripts/readme-commands.ts) -->';
export const README_END = '<!-- commands:end -->';

const code = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;

/** The README's console-command table, one row per command of the table (checked by a test). */
export function readmeCommandTable(table: CommandTable): string {
  const rows = table.helpList().groups.flatMap((group) =>
    group.commands.map((command) => {
      const names = [code(command.usage), ...command.aliases.map((alias) => code(`/${alias}`))].join(', ');
      return `| ${group.title} | ${names} | ${command.description.replace(/\|/g, '\\|')} |`;
    }),
  );
  return ['| Group | Command | What it does |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its command table replaced by the generated one. */
export function withReadmeCommandTable(readme: string, table: CommandTable): string {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error('README.md has no generated command table markers');
  return `${readme.slice(0, begin + README_BEGIN.length)}\n${readmeCommandTable(table)}\n${readme.slice(end)}`;
}
