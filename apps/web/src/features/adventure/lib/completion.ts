import type { CommandHelp, CommandList } from '@rpg/contract';

/** What the console offers for the line being typed: commands (the first word) or one argument's values. */
export type Suggestions = { kind: 'commands'; commands: CommandHelp[] } | { kind: 'values'; command: CommandHelp; values: string[] } | null;

const commandsOf = (list: CommandList) => list.groups.flatMap((group) => group.commands);
const namesOf = (command: CommandHelp) => [command.name, ...command.aliases];

/** The command a typed name (or alias) means, any case. */
export function findCommand(list: CommandList, name: string): CommandHelp | undefined {
  const wanted = name.toLowerCase();
  return commandsOf(list).find((command) => namesOf(command).includes(wanted));
}

/** The line split into '/name', its finished arguments and the word being typed ('' after a space). */
function parts(line: string): { name: string; done: string[]; word: string } | null {
  if (!line.startsWith('/')) return null;
  const words = line.slice(1).split(/\s+/);
  const [name = '', ...args] = words;
  if (words.length === 1) return { name: '', done: [], word: name };
  return { name, done: args.slice(0, -1), word: args.at(-1) ?? '' };
}

/** Typing '/' and a name: the commands whose name or alias starts with it; an argument: its values that start with the word. */
export function suggestionsFor(list: CommandList | undefined, line: string): Suggestions {
  const p = list ? parts(line) : null;
  if (!list || !p) return null;
  const prefix = p.word.toLowerCase();
  if (!p.name) {
    const commands = commandsOf(list).filter((command) => namesOf(command).some((name) => name.startsWith(prefix)));
    return commands.length ? { kind: 'commands', commands } : null;
  }
  const command = findCommand(list, p.name);
  const values = command?.args[p.done.length]?.filter((value) => value.startsWith(prefix)) ?? [];
  return command && values.length ? { kind: 'values', command, values } : null;
}

function commonPrefix(words: readonly string[]): string {
  const [first = '', ...rest] = words;
  let end = first.length;
  for (const word of rest) {
    while (end > 0 && word.slice(0, end) !== first.slice(0, end)) end--;
  }
  return first.slice(0, end);
}

/**
 * Tab: the line with the word being typed completed. One match is written out with a space after
 * it (ready for the next argument); several are completed to what they share, and when they share
 * no more than is typed, to the first of them. Null when nothing matches.
 */
export function completeLine(list: CommandList | undefined, line: string): string | null {
  const p = parts(line);
  const found = suggestionsFor(list, line);
  if (!p || !found) return null;
  const prefix = p.word.toLowerCase();
  const words =
    found.kind === 'commands' ? found.commands.map((command) => namesOf(command).find((name) => name.startsWith(prefix)) ?? command.name) : found.values;
  const unique = [...new Set(words)];
  const head = line.slice(0, line.length - p.word.length);
  if (unique.length === 1) return `${head}${unique[0]} `;
  const shared = commonPrefix(unique);
  return `${head}${shared.length > prefix.length ? shared : unique[0]}`;
}
