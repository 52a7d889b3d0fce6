import type { CharacterView } from '@rpg/contract';
import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import { Card } from '@/components/ui/Card';
import { Vitals } from '../Vitals';

/** Level, health, mana and XP of the active character; re-renders on every ['characters'] refresh. */
export function CharacterStatusCard({ character }: { character: CharacterView }) {
  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="status-title">
      <h2 id="status-title" className="text-xl font-semibold text-gold-200">
        Character Status
      </h2>
      <p className="mt-1 text-sm text-parchment-300">
        {RACE_DEFINITIONS[character.race].name} {CLASS_DEFINITIONS[character.class].name}
      </p>
      <p className="mt-4 flex items-baseline justify-between">
        <span className="text-parchment-300">Level</span>
        <span className="font-display text-3xl font-bold text-gold-300 tabular-nums">{character.level}</span>
      </p>
      <div className="mt-3">
        <Vitals character={character} />
      </div>
    </Card>
  );
}
