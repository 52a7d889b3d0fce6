import { CharacterSheet } from '@/features/characters/components/sheet/CharacterSheet';
import { GlobalChat } from '@/features/chat/components/GlobalChat';
import { useCharacterList } from '@/features/characters/hooks/useCharacterList';
import { CraftingDrawer } from '@/features/crafting/components/CraftingDrawer';
import { BackpackDrawer } from '@/features/items/components/BackpackDrawer';
import { GearStats } from '@/features/items/components/GearStats';
import { useEquippedGear } from '@/features/items/hooks/useEquippedGear';

/**
 * /profile: the active character's sheet, with the items feature's parts put in: the equipped gear
 * (tooltips, Unequip), the backpack drawer's button and the stats with gear; crafting's drawer.
 */
export function ProfilePage() {
  const { active } = useCharacterList();
  const characterId = active?.id ?? null;
  const equipped = useEquippedGear(characterId);

  return (
    <CharacterSheet
      equipped={equipped}
      actions={
        characterId ? (
          <>
            <BackpackDrawer characterId={characterId} />
            <CraftingDrawer characterId={characterId} />
          </>
        ) : null
      }
      gearStats={characterId ? <GearStats characterId={characterId} /> : null}
      chat={<GlobalChat />}
    />
  );
}
