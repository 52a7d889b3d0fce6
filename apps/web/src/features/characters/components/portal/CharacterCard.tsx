import type { CharacterView } from '@rpg/contract';
import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import { useId, type ReactNode } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';
import { DeleteCharacterButton } from '../DeleteCharacterButton';
import { CharacterPortrait } from '@/components/portrait/CharacterPortrait';

interface CharacterCardProps {
  character: CharacterView;
  onSelect: (character: CharacterView) => void;
  selecting: boolean;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <span className="flex justify-between gap-3">
      <span className="text-parchment-300">{term}</span>
      <span className="text-right text-parchment-50">{children}</span>
    </span>
  );
}

/** A character in the portal grid: clicking it makes it the active one (spec 01 section 2). */
export function CharacterCard({ character, onSelect, selecting }: CharacterCardProps) {
  const detailsId = useId();
  const race = RACE_DEFINITIONS[character.race]?.name ?? character.race;
  const characterClass = CLASS_DEFINITIONS[character.class]?.name ?? 'None';

  return (
    <li className="relative">
      <button
        type="button"
        aria-label={character.name}
        aria-describedby={detailsId}
        aria-pressed={character.isActive}
        aria-busy={selecting}
        onClick={() => onSelect(character)}
        className={cn(
          'flex h-full w-full gap-4 rounded-xl border p-4 pr-12 text-left transition-colors',
          character.isActive
            ? 'border-gold-400 bg-gold-500/10 shadow-[0_0_24px_-6px_rgb(227_189_92/0.55)]'
            : 'border-ink-500 bg-ink-800/70 hover:border-gold-600/70 hover:bg-ink-700/70',
          selecting && 'opacity-70',
        )}
      >
        <CharacterPortrait appearance={character.appearance} race={character.race} className="h-20 w-16 shrink-0 rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-display text-lg font-semibold text-gold-200">{character.name}</span>
            {character.isActive ? <span className="rounded-full bg-gold-500 px-2 py-0.5 text-xs font-semibold text-ink-950">Active</span> : null}
          </span>
          <span id={detailsId} className="mt-2 grid gap-1 text-sm">
            <Detail term="Race">{race}</Detail>
            <Detail term="Class">{characterClass}</Detail>
            <Detail term="Level">{character.level}</Detail>
            <Detail term="Gold">
              <CoinAmount coins={character.coins} />
            </Detail>
          </span>
        </span>
      </button>
      <DeleteCharacterButton character={character} look="icon" className="absolute top-2 right-2" />
    </li>
  );
}
