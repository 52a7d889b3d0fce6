import type { Appearance } from '@rpg/game';
import { ColourField } from './ColourField';
import { CLOTHES_STYLE_CHOICES, EYE_COLOURS, HAIR_COLOURS, HAIR_STYLE_CHOICES, SKIN_TONES } from './choices';
import { SelectField } from './SelectField';

interface AppearanceControlsProps {
  appearance: Appearance;
  onChange: (change: Partial<Appearance>) => void;
}

/** Hair style and colour, eye colour, clothes style and skin tone (spec 01 section 3). */
export function AppearanceControls({ appearance, onChange }: AppearanceControlsProps) {
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Hair Style" value={appearance.hairStyle} choices={HAIR_STYLE_CHOICES} onChange={(hairStyle) => onChange({ hairStyle })} />
        <SelectField
          label="Clothes Style"
          value={appearance.clothesStyle}
          choices={CLOTHES_STYLE_CHOICES}
          onChange={(clothesStyle) => onChange({ clothesStyle })}
        />
      </div>
      <ColourField label="Hair Colour" value={appearance.hairColor} presets={HAIR_COLOURS} onChange={(hairColor) => onChange({ hairColor })} />
      <ColourField label="Eye Colour" value={appearance.eyeColor} presets={EYE_COLOURS} onChange={(eyeColor) => onChange({ eyeColor })} />
      <ColourField label="Skin Tone" value={appearance.skinTone} presets={SKIN_TONES} onChange={(skinTone) => onChange({ skinTone })} />
    </div>
  );
}
