import { CharacterSheet } from '@/features/characters/components/sheet/CharacterSheet';

/** /profile: the active character's sheet. Equipped gear arrives with the inventory issue. */
export function ProfilePage() {
  return <CharacterSheet />;
}
