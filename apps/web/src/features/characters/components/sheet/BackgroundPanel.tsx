import type { CharacterView } from '@rpg/contract';
import { ImageControls } from './ImageControls';

/** The sheet's background image: a preview, Upload and Remove. */
export function BackgroundPanel({ character }: { character: CharacterView }) {
  return (
    <section aria-labelledby="background-title">
      <h2 id="background-title" className="text-lg font-semibold text-gold-200">
        Background
      </h2>
      {character.backgroundUrl ? (
        <img
          src={character.backgroundUrl}
          alt={`Background of ${character.name}`}
          className="mt-3 aspect-video w-full rounded-md border border-gold-700/40 object-cover"
        />
      ) : (
        <p className="mt-2 text-sm text-parchment-300">No background yet. PNG, JPEG, WebP or GIF, up to 2 MB.</p>
      )}
      <div className="mt-3">
        <ImageControls characterId={character.id} kind="background" noun="Background" hasImage={character.backgroundUrl !== null} />
      </div>
    </section>
  );
}
