import type { ClothesStyle, HairStyle, Race } from '@rpg/game';

/** The parts of the SVG portrait, drawn on a 120 x 150 canvas; the head is centred at (60, 62). */

const CLOTHES_COLOURS: Record<ClothesStyle, { cloth: string; trim: string }> = {
  casual: { cloth: '#4A6FA5', trim: '#2F4B75' },
  leather: { cloth: '#7A4E2D', trim: '#4E301A' },
  robes: { cloth: '#4B2E83', trim: '#C99A36' },
  armored: { cloth: '#8A939E', trim: '#505A66' },
  noble: { cloth: '#8F1D2C', trim: '#E3BD5C' },
  rags: { cloth: '#6B5E4A', trim: '#463C2E' },
};

export function Clothes({ style }: { style: ClothesStyle }) {
  const { cloth, trim } = CLOTHES_COLOURS[style];
  return (
    <g>
      <path d="M14 150 C14 114 34 100 60 100 C86 100 106 114 106 150 Z" fill={cloth} />
      {style === 'robes' ? <path d="M60 102 L60 150 M48 101 L60 118 L72 101" stroke={trim} strokeWidth="3" fill="none" /> : null}
      {style === 'noble' ? <path d="M44 102 L60 124 L76 102" stroke={trim} strokeWidth="4" fill="none" /> : null}
      {style === 'leather' ? <path d="M30 128 L90 128" stroke={trim} strokeWidth="5" /> : null}
      {style === 'armored' ? (
        <g stroke={trim} strokeWidth="2.5" fill="none">
          <path d="M22 120 C34 108 86 108 98 120" />
          <path d="M18 136 C34 124 86 124 102 136" />
          <circle cx="30" cy="112" r="6" fill={trim} />
          <circle cx="90" cy="112" r="6" fill={trim} />
        </g>
      ) : null}
      {style === 'casual' ? <path d="M50 101 C54 108 66 108 70 101" stroke={trim} strokeWidth="3" fill="none" /> : null}
      {style === 'rags' ? (
        <path d="M14 150 L22 142 L30 150 L40 141 L50 150 L62 142 L72 150 L84 141 L94 150 L106 143" stroke={trim} strokeWidth="2" fill="none" />
      ) : null}
    </g>
  );
}

/** Hair drawn behind the head (long hair, ponytail, braid). */
export function HairBack({ style, color }: { style: HairStyle; color: string }) {
  if (style === 'long') return <path d="M34 56 C30 90 32 112 40 118 L80 118 C88 112 90 90 86 56 Z" fill={color} />;
  if (style === 'ponytail') return <path d="M80 44 C100 50 102 78 92 96 C88 86 86 70 80 60 Z" fill={color} />;
  if (style === 'braided') {
    return (
      <g fill={color}>
        <ellipse cx="84" cy="80" rx="6" ry="8" />
        <ellipse cx="86" cy="94" rx="5.5" ry="7.5" />
        <ellipse cx="87" cy="107" rx="5" ry="7" />
      </g>
    );
  }
  return null;
}

/** Hair drawn over the head. */
export function HairFront({ style, color }: { style: HairStyle; color: string }) {
  switch (style) {
    case 'bald':
      return null;
    case 'mohawk':
      return <path d="M54 22 C56 14 64 14 66 22 L66 48 L54 48 Z" fill={color} />;
    case 'short':
      return <path d="M37 54 C36 36 46 32 60 32 C74 32 84 36 83 54 C78 44 70 40 60 40 C50 40 42 44 37 54 Z" fill={color} />;
    default:
      return <path d="M35 60 C32 36 44 28 60 28 C76 28 88 36 85 60 C82 48 76 44 68 42 C62 48 50 50 40 48 C37 52 36 56 35 60 Z" fill={color} />;
  }
}

const POINTED_EARS: readonly Race[] = ['elf', 'fae'];

export function Ears({ race, skin }: { race: Race | null; skin: string }) {
  if (race && POINTED_EARS.includes(race)) {
    return (
      <g fill={skin}>
        <path d="M38 58 L22 44 L38 72 Z" />
        <path d="M82 58 L98 44 L82 72 Z" />
      </g>
    );
  }
  return (
    <g fill={skin}>
      <ellipse cx="36" cy="64" rx="5" ry="8" />
      <ellipse cx="84" cy="64" rx="5" ry="8" />
    </g>
  );
}

/** Horns for dragonkin, tusks for orcs and trolls. */
export function RaceMarks({ race }: { race: Race | null }) {
  if (race === 'dragonkin') {
    return (
      <g fill="#D9C8A0" stroke="#7C5A16" strokeWidth="1">
        <path d="M42 40 C36 26 38 18 44 12 C44 24 48 32 50 36 Z" />
        <path d="M78 40 C84 26 82 18 76 12 C76 24 72 32 70 36 Z" />
      </g>
    );
  }
  if (race === 'orc' || race === 'troll') {
    return (
      <g fill="#F1E7D0">
        <path d="M50 80 L48 70 L54 79 Z" />
        <path d="M70 80 L72 70 L66 79 Z" />
      </g>
    );
  }
  return null;
}
