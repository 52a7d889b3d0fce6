/** The server's /help answer, read back into a list for the Commands panel. */

export interface HelpCommand {
  /** '/roll [NdM]' */
  usage: string;
  /** 'roll': what the panel puts into the input. */
  name: string;
  /** ['/h'] */
  aliases: string[];
  help: string;
}

export interface HelpGroup {
  title: string;
  commands: HelpCommand[];
}

export interface HelpList {
  groups: HelpGroup[];
  /** Lines that are neither a heading nor a command ('Anything else you type ...'). */
  notes: string[];
}

export const HELP_HEADING = 'Available commands:';

export function isHelpText(content: string): boolean {
  return content.startsWith(HELP_HEADING);
}

// '  /forest [level] (or /f, /woods) - Set out for the Forest.'
const COMMAND_LINE = /^\s+(\/\S.*?)(?: \(or ([^)]*)\))? - (.+)$/;
const GROUP_LINE = /^(\S[^:]*):$/;

/** Groups and commands of a /help answer; null when `content` is not one. */
export function parseHelpText(content: string): HelpList | null {
  if (!isHelpText(content)) return null;
  const groups: HelpGroup[] = [];
  const notes: string[] = [];
  for (const line of content.split('\n').slice(1)) {
    if (!line.trim()) continue;
    const command = COMMAND_LINE.exec(line);
    const group = GROUP_LINE.exec(line);
    const current = groups[groups.length - 1];
    if (command && current) {
      const usage = (command[1] ?? '').trim();
      current.commands.push({
        usage,
        name: usage.slice(1).split(/\s+/)[0] ?? '',
        aliases: command[2] ? command[2].split(/,\s*/).filter(Boolean) : [],
        help: (command[3] ?? '').trim(),
      });
    } else if (group) {
      groups.push({ title: group[1] ?? '', commands: [] });
    } else {
      notes.push(line.trim());
    }
  }
  return { groups: groups.filter((g) => g.commands.length > 0), notes };
}
