import type { SoundName } from '@/lib/audio';
import { handNet, type PokerGame } from './poker';

/**
 * The sound for a change of the hand shown at the table: cards dealt (a new hand, or the flop,
 * turn or river turned) or a hand won. `before` undefined means the table has just loaded: what
 * is already there makes no sound.
 */
export function pokerSoundFor(before: PokerGame | null | undefined, after: PokerGame | null): Extract<SoundName, 'pokerDeal' | 'pokerWin'> | null {
  if (before === undefined || !after) return null;
  if (before?.isActive && !after.isActive) return handNet(after) > 0 ? 'pokerWin' : null;
  if (!after.isActive) return null;
  const newHand = !before || !before.isActive || after.deckSize > before.deckSize;
  if (newHand || after.communityCards.length > before.communityCards.length) return 'pokerDeal';
  return null;
}
