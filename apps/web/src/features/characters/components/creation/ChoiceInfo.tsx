import type { CharacterClass, Race } from '@rpg/game';
import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import type { ReactNode } from 'react';
import { capitalise } from '../../lib/labels';
import { BonusList } from '../BonusList';

function InfoBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-b border-gold-700/20 pb-4 last:border-b-0 last:pb-0">
      <h3 className="text-lg font-semibold text-gold-200">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <span className="text-parchment-300">{term}: </span>
      <span className="text-parchment-100">{children}</span>
    </p>
  );
}

/** The side panel of step 1: what the chosen race and class bring (spec 01 section 3 tables). */
export function ChoiceInfo({ race, characterClass }: { race: Race | null; characterClass: CharacterClass | null }) {
  const raceInfo = race ? RACE_DEFINITIONS[race] : null;
  const classInfo = characterClass ? CLASS_DEFINITIONS[characterClass] : null;

  return (
    <div className="space-y-4">
      {raceInfo ? (
        <InfoBlock title={raceInfo.name}>
          <p className="text-sm text-parchment-200">{raceInfo.description}</p>
          <BonusList bonuses={raceInfo.bonuses} />
          <Fact term="Abilities">{raceInfo.abilities.join(', ')}</Fact>
          <Fact term="Restriction">{raceInfo.restriction ?? 'None'}</Fact>
        </InfoBlock>
      ) : (
        <p className="text-sm text-parchment-300">Choose a race to see its bonuses and abilities.</p>
      )}
      {classInfo ? (
        <InfoBlock title={classInfo.name}>
          <p className="text-sm text-parchment-200">{classInfo.description}</p>
          <BonusList bonuses={classInfo.bonuses} />
          <Fact term="Abilities">{classInfo.abilities.join(', ')}</Fact>
          <Fact term="Restriction">{classInfo.restriction}</Fact>
          <Fact term="Allowed gear">{classInfo.allowedGear.map(capitalise).join(', ')}</Fact>
        </InfoBlock>
      ) : (
        <p className="text-sm text-parchment-300">Choose a class to see its bonuses, abilities and gear.</p>
      )}
    </div>
  );
}
