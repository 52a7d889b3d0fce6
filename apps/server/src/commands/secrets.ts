import { XYZZY_LINE, type AchievementEvent } from '@rpg/game';
import { noticeKeys, noticePushes, recordEvents } from '../services/achievements.ts';
import type { CommandContext, CommandDef } from './types.ts';

/** Counts achievement events from a command, in its transaction; the toasts go out after the commit. */
export async function countEvents(ctx: CommandContext, events: readonly AchievementEvent[]): Promise<void> {
  const notice = await recordEvents(ctx.tx, ctx.userId, events, ctx.now);
  for (const push of noticePushes(notice)) ctx.push(push);
  ctx.invalidate(...noticeKeys(notice));
}

/** Commands nobody lists (maintainers: docs/maintainers/secrets.md). */
export function secretCommands(): CommandDef[] {
  return [
    {
      name: 'xyzzy',
      usage: '/xyzzy',
      help: 'Nothing happens.',
      group: 'General',
      secret: true,
      async run(ctx) {
        ctx.say('system', XYZZY_LINE);
        await countEvents(ctx, [{ type: 'secret-command' }]);
      },
    },
  ];
}
