import type { GearSlot } from '@rpg/game';

/** The item pictures' shapes, drawn on a 48 x 48 canvas: `tint` is the tier's colour, `shade` a darker one. */
interface Paint {
  tint: string;
  shade: string;
}

const STEEL = '#C9CED6';
const LEATHER = '#7A4E2D';
const OUTLINE = '#0B0D12';

export function GearShape({ slot, tint, shade }: Paint & { slot: GearSlot }) {
  switch (slot) {
    case 'head':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M10 30 C10 16 18 9 24 9 C30 9 38 16 38 30 L38 34 L10 34 Z" fill={tint} />
          <path d="M16 26 L32 26 L32 30 L27 30 L27 36 L21 36 L21 30 L16 30 Z" fill={shade} />
          <path d="M24 9 L24 24" stroke={shade} strokeWidth="2" />
        </g>
      );
    case 'chest':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M12 12 L19 9 C21 13 27 13 29 9 L36 12 L40 22 L34 24 L34 40 L14 40 L14 24 L8 22 Z" fill={tint} />
          <path d="M24 16 L24 38 M16 28 L32 28" stroke={shade} strokeWidth="1.8" />
        </g>
      );
    case 'legs':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M14 9 L34 9 L36 40 L27 40 L24 20 L21 40 L12 40 Z" fill={tint} />
          <path d="M14 13 L34 13" stroke={shade} strokeWidth="2.5" />
        </g>
      );
    case 'feet':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M15 8 L27 8 L27 28 C33 28 40 31 40 37 L40 40 L13 40 L13 30 Z" fill={tint} />
          <path d="M13 36 L40 36" stroke={shade} strokeWidth="3" />
          <path d="M15 14 L27 14" stroke={shade} strokeWidth="1.8" />
        </g>
      );
    case 'gloves':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path
            d="M15 40 L15 22 L13 14 C13 11 17 11 18 14 L19 20 L19 9 C19 7 22 7 22 9 L23 19 L24 8 C24 6 27 6 27 8 L27 19 L29 10 C29 8 32 8 32 10 L31 22 L35 18 C37 16 39 18 37 21 L32 32 L32 40 Z"
            fill={tint}
          />
          <path d="M15 34 L32 34" stroke={shade} strokeWidth="3" />
        </g>
      );
    case 'mainHand':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M33 6 L40 8 L38 15 L20 32 L16 28 Z" fill={STEEL} />
          <path d="M12 26 L22 36 L20 38 L10 28 Z" fill={tint} />
          <path d="M15 33 L9 39 L11 41 L17 35 Z" fill={LEATHER} />
          <circle cx="8.5" cy="40.5" r="2.5" fill={tint} />
        </g>
      );
    case 'offHand':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M24 7 L39 12 C39 28 33 36 24 42 C15 36 9 28 9 12 Z" fill={tint} />
          <path d="M24 11 L35 15 C35 27 31 33 24 38 Z" fill={shade} />
          <circle cx="24" cy="22" r="3.5" fill={STEEL} />
        </g>
      );
    case 'cloak':
      return (
        <g stroke={OUTLINE} strokeWidth="1.2">
          <path d="M18 8 L30 8 C32 16 40 30 41 41 L7 41 C8 30 16 16 18 8 Z" fill={tint} />
          <path d="M24 10 L22 41 M24 10 L30 41" stroke={shade} strokeWidth="1.5" fill="none" />
          <circle cx="24" cy="10" r="2.5" fill={STEEL} />
        </g>
      );
  }
}

const LIQUID: Record<'health' | 'mana' | 'both', string> = { health: '#D6423A', mana: '#3F7FE0', both: '#A155E0' };

export function PotionShape({ target, tint, shade }: Paint & { target: 'health' | 'mana' | 'both' }) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path
        d="M19 6 L29 6 L29 9 L27 9 L27 17 C34 19 38 25 38 31 C38 38 32 42 24 42 C16 42 10 38 10 31 C10 25 14 19 21 17 L21 9 L19 9 Z"
        fill="#DCE6F0"
        fillOpacity="0.35"
      />
      <path d="M11.5 29 C16 27 32 27 36.5 29 C37 36 32 40.5 24 40.5 C16 40.5 11 36 11.5 29 Z" fill={LIQUID[target]} stroke="none" />
      <rect x="18.5" y="4" width="11" height="5" rx="1.5" fill={tint} />
      <path d="M21 9 L27 9" stroke={shade} strokeWidth="1.5" />
    </g>
  );
}

export function FoodShape({ tint, shade }: Paint) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path d="M8 30 C8 20 16 14 24 14 C32 14 40 20 40 30 C40 35 36 37 24 37 C12 37 8 35 8 30 Z" fill="#C98A45" />
      <path d="M15 22 L18 27 M23 19 L25 25 M31 21 L32 27" stroke="#8A5524" strokeWidth="1.6" />
      <path d="M6 38 L42 38" stroke={tint} strokeWidth="3.5" strokeLinecap="round" />
      <path d="M10 41 L38 41" stroke={shade} strokeWidth="1.5" strokeLinecap="round" />
    </g>
  );
}

export function MaterialShape({ tint, shade }: Paint) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path d="M10 34 L16 18 L26 12 L36 18 L40 32 L28 40 L16 40 Z" fill={shade} />
      <path d="M16 18 L26 12 L30 24 L20 28 Z" fill={tint} />
      <path d="M30 24 L36 18 L40 32 L28 40 Z" fill={tint} fillOpacity="0.7" />
    </g>
  );
}

export function ScrollShape({ tint, shade }: Paint) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path d="M12 12 L34 12 L34 38 L12 38 Z" fill="#E8D9B0" />
      <rect x="8" y="8" width="30" height="6" rx="3" fill="#CDB98A" />
      <rect x="10" y="34" width="30" height="6" rx="3" fill="#CDB98A" />
      <path d="M16 20 L30 20 M16 25 L30 25 M16 30 L26 30" stroke="#8A7A55" strokeWidth="1.3" />
      <path d="M36 24 L42 30 L38 31 L38 36 L34 32 Z" fill={tint} />
      <circle cx="35" cy="24" r="3" fill={shade} />
    </g>
  );
}

export function ChestShape({ tint, shade }: Paint) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path d="M8 20 C8 12 14 10 24 10 C34 10 40 12 40 20 Z" fill={LEATHER} />
      <rect x="8" y="20" width="32" height="19" fill="#8B5A2B" />
      <path d="M8 20 L40 20 M14 10.5 L14 39 M34 10.5 L34 39" stroke={tint} strokeWidth="2.2" />
      <rect x="21" y="18" width="6" height="8" rx="1" fill={tint} />
      <circle cx="24" cy="22.5" r="1.2" fill={shade} stroke="none" />
    </g>
  );
}

export function BackpackShape({ tint, shade }: Paint) {
  return (
    <g stroke={OUTLINE} strokeWidth="1.2">
      <path d="M18 10 C18 5 30 5 30 10" fill="none" stroke={LEATHER} strokeWidth="2.5" />
      <path d="M11 18 C11 12 15 9 24 9 C33 9 37 12 37 18 L37 40 L11 40 Z" fill={LEATHER} />
      <path d="M11 18 C17 22 31 22 37 18 L37 26 L11 26 Z" fill={tint} />
      <rect x="17" y="29" width="14" height="8" rx="1.5" fill={shade} />
      <rect x="22" y="23" width="4" height="5" fill={STEEL} />
    </g>
  );
}
