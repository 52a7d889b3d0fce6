import type { CharacterView } from '@rpg/contract';
import { maxHealthWithGear } from '@rpg/game';
import { ProgressBar, type ProgressTone } from '@/components/ui/ProgressBar';

interface VitalProps {
  label: string;
  value: number;
  max: number;
  tone: ProgressTone;
  /** Shown instead of 'value / max'. */
  text?: string;
}

function Vital({ label, value, max, tone, text }: VitalProps) {
  const shown = text ?? `${value} / ${max}`;
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-3 text-sm">
        <span className="text-parchment-300">{label}</span>
        <span className="font-semibold text-parchment-50 tabular-nums">{shown}</span>
      </div>
      <ProgressBar label={label} value={value} max={max} tone={tone} valueText={shown} />
    </div>
  );
}

/** Health, mana and XP to the next level, each with a bar (spec 01 section 2 "Character Status"). */
export function Vitals({ character }: { character: CharacterView }) {
  const { currentHealth, currentMana, maxMana } = character.attributes;
  // Spec 02 §3: the one max health, with gear, that the server caps potions and heal to.
  const maxHealth = maxHealthWithGear(character.attributes, character.gearBonuses);
  const toNext = character.xpToNextLevel;

  return (
    <div className="space-y-3">
      <Vital label="Health" value={currentHealth} max={maxHealth} tone="health" />
      <Vital label="Mana" value={currentMana} max={maxMana} tone="mana" />
      {toNext === null ? (
        <Vital label="XP" value={1} max={1} tone="gold" text={`${character.xp} (max level)`} />
      ) : (
        <Vital label="XP" value={character.xp} max={toNext} tone="gold" />
      )}
    </div>
  );
}
