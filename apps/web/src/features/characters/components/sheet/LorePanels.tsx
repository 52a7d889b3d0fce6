import type { CharacterClass, Race } from '@rpg/game';
import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import type { ReactNode } from 'react';
import { capitalise } from '../../lib/labels';
import { BonusList } from '../BonusList';

/** The class panel lists at most two abilities (spec 01 section 2, spec 02 section 2). */
export const MAX_CLASS_ABILITIES_SHOWN = 2;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-gold-700/30 bg-ink-950/40 p-3">
      <h3 className="font-display text-base font-semibold text-gold-200">{title}</h3>
      {children}
    </section>
  );
}

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <span className="text-parchment-300">{term}: </span>
      <span className="text-parchment-100">{children}</span>
    </p>
  );
}

export function RaceDetails({ race }: { race: Race }) {
  const info = RACE_DEFINITIONS[race];
  return (
    <Panel title={`Race: ${info.name}`}>
      <p className="text-sm text-parchment-200">{info.description}</p>
      <Line term="Abilities">{info.abilities.join(', ')}</Line>
      <Line term="Restriction">{info.restriction ?? 'None'}</Line>
    </Panel>
  );
}

export function ClassPanel({ characterClass }: { characterClass: CharacterClass }) {
  const info = CLASS_DEFINITIONS[characterClass];
  return (
    <Panel title={`Class: ${info.name}`}>
      <p className="text-sm text-parchment-200">{info.description}</p>
      <div className="text-sm">
        <span className="text-parchment-300">Abilities:</span>
        <ul className="mt-1 list-inside list-disc text-parchment-100">
          {info.abilities.slice(0, MAX_CLASS_ABILITIES_SHOWN).map((ability) => (
            <li key={ability}>{ability}</li>
          ))}
        </ul>
      </div>
      <Line term="Restriction">{info.restriction}</Line>
      <Line term="Allowed gear">{info.allowedGear.map(capitalise).join(', ')}</Line>
    </Panel>
  );
}

/** The same bonus tables as the creation screen (DECISIONS section 2). */
export function RacialBonusPanel({ race, characterClass }: { race: Race; characterClass: CharacterClass }) {
  return (
    <Panel title="Racial Bonuses">
      <BonusList bonuses={RACE_DEFINITIONS[race].bonuses} />
      <h4 className="pt-1 text-sm text-parchment-300">Class bonuses</h4>
      <BonusList bonuses={CLASS_DEFINITIONS[characterClass].bonuses} />
    </Panel>
  );
}
