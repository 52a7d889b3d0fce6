import { DELETE_REFUSAL } from '@rpg/game';
import type { CommandTable } from './registry.ts';
import type { CommandDef } from './types.ts';

export function coreCommands(table: () => CommandTable): CommandDef[] {
  return [
    {
      name: 'help',
      pure: true,
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
      pure: true,
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
