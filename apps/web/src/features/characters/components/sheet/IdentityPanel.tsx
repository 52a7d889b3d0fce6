import type { CharacterView } from '@rpg/contract';
import { CLASS_DEFINITIONS, RACE_DEFINITIONS } from '@rpg/game';
import { Sparkles } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { DeleteCharacterButton } from '../DeleteCharacterButton';
import { CharacterPortrait } from '@/components/portrait/CharacterPortrait';
import { ImageControls } from './ImageControls';
import { ClassPanel, RaceDetails, RacialBonusPanel } from './LorePanels';

/** The sheet's right panel, titled by the character's name (spec 01 section 2). */
export function IdentityPanel({ character }: { character: CharacterView }) {
  const navigate = useNavigate();

  return (
    <Card className="space-y-4 p-4 sm:p-5" role="region" aria-labelledby="sheet-name">
      <div>
        <h2 id="sheet-name" className="font-display text-2xl font-bold break-words text-gold-300">
          {character.name}
        </h2>
        <p className="text-sm text-parchment-300">
          Level {character.level} {RACE_DEFINITIONS[character.race].name} {CLASS_DEFINITIONS[character.class].name}
        </p>
      </div>
      <div className="space-y-3">
        {character.avatarUrl ? (
          <img
            src={character.avatarUrl}
            alt={`Avatar of ${character.name}`}
            className="mx-auto aspect-square w-full max-w-48 rounded-lg border border-gold-700/50 object-cover"
          />
        ) : (
          <CharacterPortrait
            appearance={character.appearance}
            race={character.race}
            label={`Portrait of ${character.name}`}
            className="mx-auto w-full max-w-48 rounded-lg border border-gold-700/50"
          />
        )}
        <ImageControls characterId={character.id} kind="avatar" noun="Avatar" hasImage={character.avatarUrl !== null} />
      </div>
      <RaceDetails race={character.race} />
      <ClassPanel characterClass={character.class} />
      <RacialBonusPanel race={character.race} characterClass={character.class} />
      <div className="flex flex-wrap gap-2 border-t border-gold-700/30 pt-4">
        {character.class === 'mage' ? (
          <Link to="/skill-tree" className={buttonClasses('secondary', 'sm')}>
            <Sparkles className="size-4" aria-hidden="true" />
            Skill Tree
          </Link>
        ) : null}
        <DeleteCharacterButton character={character} onDeleted={() => navigate('/game')} />
      </div>
    </Card>
  );
}
