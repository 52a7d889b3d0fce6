import { craftCompletedPushSchema } from '@rpg/contract';
import { toast } from 'sonner';

/**
 * The 'craft-completed' push as a toast: 'Crafting Complete' when the item went into the backpack,
 * 'Backpack Full' when it waits to be collected. One toast per craft even if two listeners hear it.
 */
export function showCraftCompletedToast(message: unknown): void {
  const parsed = craftCompletedPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { characterId, itemName, collected, message: text } = parsed.data;
  const id = `craft-completed:${characterId}:${itemName}`;
  if (collected) toast.success('Crafting Complete', { id, description: text });
  else toast.error('Backpack Full', { id, description: text });
}
