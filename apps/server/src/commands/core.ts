import type { CommandTable } from './registry.ts';
import type { CommandDef } from './types.ts';

/** DECISIONS §2: deletion happens on the Game Portal or the profile, never by command. */
export const DELETE_REFUSAL = 'Deleting your character is not supported via command. Please use the profile page.';

export function coreCommands(table: () => CommandTable): CommandDef[] {
  return [
    {
      name: 'help',
      aliases: ['h'],
      usage: '/help',
      help: 'List every command.',
      group: 'General',
      async run(ctx) {
        ctx.say('system', table().helpText());
      },
    },
    {
      name: 'delete',
      aliases: ['del'],
      usage: '/delete',
      help: 'Explains where characters are deleted.',
      group: 'General',
      async run(ctx) {
        ctx.say('system', DELETE_REFUSAL);
      },
    },
  ];
}
