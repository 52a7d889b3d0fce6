import type { CharacterView } from '@rpg/contract';
import { availableAttributePoints, copper, equippedBonuses, MAX_LEVEL, toCoins, xpToLeaveLevel, type InventoryEntry } from '@rpg/game';
import { appearanceOf, attributesOf, type CharacterRow } from '../../db/queries/characters.ts';

/** The answer shapes live in @rpg/contract, shared with the web app; this file maps rows onto them. */
export { characterViewSchema, type CharacterListResponse, type CharacterResponse, type CharacterView } from '@rpg/contract';

const uploadUrl = (relative: string | null) => (relative ? `/uploads/${relative}` : null);

/** `equipped`: the character's equipped entries, whose bonuses make max health with gear (maxHealthWithGear). */
export function toCharacterView({ character: c, attributes, appearance, backpack }: CharacterRow, equipped: readonly InventoryEntry[]): CharacterView {
  return {
    id: c.id,
    name: c.name,
    race: c.race,
    class: c.characterClass,
    gender: c.gender,
    level: c.level,
    xp: c.xp,
    xpToNextLevel: c.level >= MAX_LEVEL ? null : xpToLeaveLevel(c.level),
    copper: c.copper,
    coins: toCoins(copper(c.copper)),
    isActive: c.isActive,
    createdAt: c.createdAt.toISOString(),
    attributes: attributesOf(attributes),
    gearBonuses: equippedBonuses(equipped),
    appearance: appearanceOf(appearance),
    backpack: { name: backpack.name, tier: backpack.tier, slots: backpack.slots, description: backpack.description },
    skillPoints: c.skillPoints,
    spentAttributePoints: c.spentAttributePoints,
    availableAttributePoints: availableAttributePoints(c),
    avatarUrl: uploadUrl(c.avatarPath),
    backgroundUrl: uploadUrl(c.backgroundPath),
  };
}
