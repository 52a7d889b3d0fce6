/**
 * The console's own lines (spec 02 §5, §9 "Commands"): /help's frame around the command table,
 * the answer to a command it does not know, /delete's refusal and the secret command's line. Each
 * command's usage and one-line help are data of the server's command table (apps/server/src/commands/),
 * beside the command they describe.
 */

/** The first line of /help. */
export const HELP_HEADING = 'Available commands:';
/** The last line of /help and the note under the Commands panel. */
export const PLAIN_TEXT_NOTE = 'Anything else you type is said in your console.';

/** Spec 02 §5: a /word that is no command ('/dance' -> 'Unknown command: /dance. ...'). */
export const unknownCommandMessage = (command: string) => `Unknown command: ${command}. Type /help for available commands.`;

/** Spec 01, spec 02 §5, DECISIONS §2: deletion happens on the Game Portal or the profile, never by command. */
export const DELETE_REFUSAL = 'Deleting your character is not supported via command. Please use the profile page.';

/** The secret command's line (maintainers: docs/maintainers/secrets.md). */
export const XYZZY_LINE = 'A hollow voice says "Fool." Somewhere, an old adventurer smiles.';

/** A group of /help: its heading and its commands, as the command table lists them. */
export interface HelpGroup {
  title: string;
  commands: ReadonlyArray<{ usage: string; aliases: readonly string[]; description: string }>;
}

/** The /help line: the heading, each group with one line per command ('  /help (or /h) - List every command.'), the note. */
export function helpText(groups: readonly HelpGroup[]): string {
  const lines = [HELP_HEADING];
  for (const group of groups) {
    lines.push('', `${group.title}:`);
    for (const command of group.commands) {
      const aliases = command.aliases.length ? ` (or ${command.aliases.map((a) => `/${a}`).join(', ')})` : '';
      lines.push(`  ${command.usage}${aliases} - ${command.description}`);
    }
  }
  lines.push('', PLAIN_TEXT_NOTE);
  return lines.join('\n');
}
