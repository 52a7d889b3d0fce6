import type { Appearance, Race } from '@rpg/game';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Clothes, Ears, HairBack, HairFront, RaceMarks } from './portrait-parts';

interface CharacterPortraitProps {
  appearance: Appearance;
  race?: Race | null;
  /** The accessible name, e.g. 'Portrait of Aria'; without one the drawing is decorative. */
  label?: string;
  className?: string;
}

/** A bust drawn from the appearance: hair style and colour, eye colour, clothes, skin tone. */
export function CharacterPortrait({ appearance, race = null, label, className }: CharacterPortraitProps) {
  const glow = `portrait-glow-${useId().replace(/:/g, '')}`;
  const { hairStyle, hairColor, eyeColor, clothesStyle, skinTone } = appearance;

  return (
    <svg
      viewBox="0 0 120 150"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={cn('block', className)}
    >
      <defs>
        <radialGradient id={glow} cx="50%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#3A2A0A" />
          <stop offset="100%" stopColor="#0B0D12" />
        </radialGradient>
      </defs>
      <rect width="120" height="150" rx="10" fill={`url(#${glow})`} />
      <HairBack style={hairStyle} color={hairColor} />
      <Clothes style={clothesStyle} />
      <rect x="52" y="84" width="16" height="20" rx="4" fill={skinTone} />
      <Ears race={race} skin={skinTone} />
      <ellipse cx="60" cy="62" rx="24" ry="28" fill={skinTone} />
      <g>
        <ellipse cx="50" cy="62" rx="5" ry="3.6" fill="#FAF5EA" />
        <ellipse cx="70" cy="62" rx="5" ry="3.6" fill="#FAF5EA" />
        <circle cx="50" cy="62" r="2.6" fill={eyeColor} />
        <circle cx="70" cy="62" r="2.6" fill={eyeColor} />
        <path d="M44 55 L55 54 M65 54 L76 55" stroke="#2C2016" strokeWidth="1.6" strokeLinecap="round" />
      </g>
      <path d="M52 78 C56 81 64 81 68 78" stroke="#5A2E22" strokeWidth="2" fill="none" strokeLinecap="round" />
      <RaceMarks race={race} />
      <HairFront style={hairStyle} color={hairColor} />
    </svg>
  );
}
