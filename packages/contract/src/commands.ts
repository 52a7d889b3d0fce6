/** The console's command table as data (spec 02 §9 "Commands"): the Commands panel and /help. */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

export const commandHelpSchema = lazySchema(() =>
  z.strictObject({
    /** 'roll': typed after '/'. */
    name: z.string(),
    /** ['h']: other names for it, without '/'. */
    aliases: z.array(z.string()),
    /** '/roll [NdM]' */
    usage: z.string(),
    /** One line: what it does. */
    description: z.string(),
    /** What each argument may be, by position, for Tab completion (['forest', 'desert', ...], ['1', ... '10']); [] when free. */
    args: z.array(z.array(z.string())),
  }),
);
export type CommandHelp = z.infer<typeof commandHelpSchema>;

/** GET /api/commands: every command by group, in the table's order, and the note on plain text. */
export const commandListSchema = lazySchema(() =>
  z.strictObject({
    groups: z.array(z.strictObject({ title: z.string(), commands: z.array(commandHelpSchema) })),
    note: z.string(),
  }),
);
export type CommandList = z.infer<typeof commandListSchema>;
