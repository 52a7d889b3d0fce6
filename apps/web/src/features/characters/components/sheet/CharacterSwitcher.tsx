import type { CharacterView } from '@rpg/contract';
import { CLASS_DEFINITIONS } from '@rpg/game';
import { cn } from '@/lib/cn';
import { useSelectCharacter } from '../../api/select-character';

/** The active-character selector of the sheet: another character becomes active (POST select). */
export function CharacterSwitcher({ characters }: { characters: CharacterView[] }) {
  const select = useSelectCharacter();

  return (
    <section aria-labelledby="switcher-title">
      <h2 id="switcher-title" className="text-lg font-semibold text-gold-200">
        Characters
      </h2>
      <ul className="mt-3 space-y-2">
        {characters.map((character) => (
          <li key={character.id}>
            <button
              type="button"
              aria-pressed={character.isActive}
              disabled={select.isPending}
              onClick={() => {
                if (!character.isActive) select.mutate(character.id);
              }}
              className={cn(
                'flex w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm transition-colors disabled:cursor-wait',
                character.isActive
                  ? 'border-gold-400 bg-gold-500/15 text-gold-200'
                  : 'border-ink-500 bg-ink-950/50 text-parchment-100 hover:border-gold-600/70',
              )}
            >
              <span className="truncate font-medium">{character.name}</span>
              <span className="shrink-0 text-xs text-parchment-300">
                Lv {character.level} {CLASS_DEFINITIONS[character.class].name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
