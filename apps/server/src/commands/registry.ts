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

  all(): readonly CommandDef[] {
    return this.defs;
  }

  /** The /help text: every command with its aliases and help line, by group. */
  helpText(): string {
    const groups = new Map<string, CommandDef[]>();
    for (const def of this.defs) groups.set(def.group, [...(groups.get(def.group) ?? []), def]);
    const lines = ['Available commands:'];
    for (const [group, defs] of groups) {
      lines.push('', `${group}:`);
      for (const def of defs) {
        const aliases = def.aliases?.length ? ` (or ${def.aliases.map((a) => `/${a}`).join(', ')})` : '';
        lines.push(`  ${def.usage}${aliases} - ${def.help}`);
      }
    }
    lines.push('', 'Anything else you type is said in your console.');
    return lines.join('\n');
  }
}

/** Splits '/bet 50' into ['bet', ['50']]; null for plain text. */
export function parseCommandLine(line: string): { name: string; args: string[] } | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('/')) return null;
  const [head = '', ...args] = trimmed.slice(1).split(/\s+/);
  return { name: head.toLowerCase(), args };
}

export const unknownCommandMessage = (name: string) => `Unknown command: ${name}. Type /help for available commands.`;
