import type { CommandHelp, CommandList } from '@rpg/contract';
import { helpText, PLAIN_TEXT_NOTE } from '@rpg/game';
import type { CommandDef } from './types.ts';

/**
 * The command table (STYLE.md: commands as a table with help beside them). Each
 * group file exports a list; /help is generated from this table, so it cannot drift.
 */
export class CommandTable {
  private readonly byName = new Map<string, CommandDef>();
  private readonly defs: CommandDef[] = [];

  constructor(groups: ReadonlyArray<readonly CommandDef[]>) {
    for (const def of groups.flat()) this.add(def);
  }

  private add(def: CommandDef): void {
    for (const name of [def.name, ...(def.aliases ?? [])]) {
      if (this.byName.has(name)) throw new Error(`command /${name} defined twice`);
      this.byName.set(name, def);
    }
    this.defs.push(def);
  }

  find(name: string): CommandDef | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** Every listed command (a secret one runs but is not listed: docs/maintainers/secrets.md). */
  all(): readonly CommandDef[] {
    return this.defs.filter((def) => !def.secret);
  }

  /** The table as data (GET /api/commands, the Commands panel): every command by group, in order. */
  helpList(): CommandList {
    const groups = new Map<string, CommandHelp[]>();
    for (const def of this.defs) {
      if (def.secret) continue;
      const row: CommandHelp = {
        name: def.name,
        aliases: [...(def.aliases ?? [])],
        usage: def.usage,
        description: def.help,
        args: (def.args ?? []).map((values) => [...values]),
      };
      groups.set(def.group, [...(groups.get(def.group) ?? []), row]);
    }
    return { groups: [...groups].map(([title, commands]) => ({ title, commands })), note: PLAIN_TEXT_NOTE };
  }

  /** The /help line in the console: the same list as text, framed by the rules' heading and note. */
  helpText(): string {
    return helpText(this.helpList().groups);
  }
}

/** Splits '/bet 50' into ['bet', ['50']]; null for plain text. */
export function parseCommandLine(line: string): { name: string; args: string[] } | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('/')) return null;
  const [head = '', ...args] = trimmed.slice(1).split(/\s+/);
  return { name: head.toLowerCase(), args };
}
