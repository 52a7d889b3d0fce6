import { useEffect, useRef } from 'react';
import { playSound } from '@/lib/audio';
import type { PokerGame } from '../lib/poker';
import { pokerSoundFor } from '../lib/poker-sound';

/**
 * Plays the deal and win sounds as the table's hand changes, whether a button or a typed command
 * moved it. `game` undefined: not loaded yet.
 */
export function usePokerSounds(game: PokerGame | null | undefined): void {
  const previous = useRef<PokerGame | null | undefined>(undefined);
  useEffect(() => {
    if (game === undefined) return;
    const sound = pokerSoundFor(previous.current, game);
    previous.current = game;
    if (sound) playSound(sound);
  }, [game]);
}
