import { craftCompletedPushSchema } from '@rpg/contract';
import { playNoticeSound } from '@/lib/audio';
import { showAwayNotice } from '@/lib/notices';

/**
 * The 'craft-completed' push as a toast: 'Crafting Complete' when the item went into the backpack,
 * 'Backpack Full' when it waits to be collected. One toast per craft even if two listeners hear it.
 * The toast follows the Notifications switch; the anvil sound plays either way.
 */
export function showCraftCompletedToast(message: unknown): void {
  const parsed = craftCompletedPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { characterId, itemName, collected, message: text } = parsed.data;
  const id = `craft-completed:${characterId}:${itemName}`;
  if (collected) showAwayNotice({ id, title: 'Crafting Complete', description: text, variant: 'success', kind: 'crafts' });
  else showAwayNotice({ id, title: 'Backpack Full', description: text, variant: 'error', kind: 'crafts' });
  playNoticeSound(collected ? 'craftDone' : 'error');
}
