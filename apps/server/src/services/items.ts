import type { InventoryActionResponse, InventoryEntryView, InventoryView, SellResponse, ToastView, UseItemResponse } from '@rpg/contract';
import {
  backpackFill,
  backpackUsage,
  cappedHealth,
  checkSale,
  chestDoesNotFit,
  consume,
  copper,
  copperMovement,
  effectiveStats,
  equip,
  equippedBonuses,
  findEntry,
  equippedText,
  ITEM_TOAST_TITLES,
  soldText,
  unequippedText,
  itemsIn,
  itemsOut,
  maxHealthWithGear,
  sellValue,
  toCoins,
  unequip,
  unitSellPrice,
  usableItem,
  createRng,
  openChest,
  type ChestItem,
  type InventoryEntry,
} from '@rpg/game';
import type { Tx } from '../db/client.ts';
import { attributesOf, type CharacterRow } from '../db/queries/characters.ts';
import { addItems, listInventory, takeFromEntry } from '../db/queries/inventory.ts';
import { creditCopper, saveCurrentHealth, saveVitals, setEquipped } from '../db/queries/items.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { applyManaRegen } from '../db/queries/vitals.ts';
import { secretSeed } from './seed.ts';

/**
 * The inventory actions of the backpack drawer and the /potion command: load the
 * locked rows, apply the rule from @rpg/game, save. Every function runs inside the
 * caller's transaction, after the caller locked the character (getCharacterForUpdate).
 */

const toast = (title: string, description: string, variant: ToastView['variant'] = 'success'): ToastView => ({ title, description, variant });

export function toEntryView(entry: InventoryEntry): InventoryEntryView {
  return { id: entry.id, item: entry.item, quantity: entry.quantity, equipped: entry.equipped, unitSellValue: unitSellPrice(entry.item) };
}

/** What the backpack drawer reads of a character: its live attributes and the backpack it carries. */
export interface InventoryCharacter {
  attributes: Parameters<typeof attributesOf>[0];
  backpack: Pick<CharacterRow['backpack'], 'name' | 'tier' | 'slots' | 'description'>;
}

/** The backpack drawer: entries, capacity bar, equipped gear by slot and the stats with gear. */
export function inventoryView(entries: readonly InventoryEntry[], row: InventoryCharacter): InventoryView {
  const used = backpackUsage(entries);
  const capacity = row.backpack.slots;
  const equipped: InventoryView['equipped'] = {};
  for (const entry of entries) {
    if (entry.equipped && entry.item.kind === 'gear') equipped[entry.item.slot] = toEntryView(entry);
  }
  const { backpack } = row;
  return {
    entries: entries.map(toEntryView),
    capacity,
    used,
    fill: backpackFill(used, capacity),
    equipped,
    bonuses: equippedBonuses(entries),
    effective: effectiveStats(attributesOf(row.attributes), entries),
    backpack: { name: backpack.name, tier: backpack.tier, slots: backpack.slots, description: backpack.description },
  };
}

/**
 * Spec 02 §3/§4: gear changed, so max health with gear may have dropped; current health
 * comes down with it, so no screen reads '14 / 10'. The row is the locked one.
 */
async function keepHealthWithinMax(tx: Tx, row: CharacterRow, entries: readonly InventoryEntry[]): Promise<CharacterRow> {
  const { currentHealth } = row.attributes;
  const capped = cappedHealth(currentHealth, maxHealthWithGear(row.attributes, equippedBonuses(entries)));
  if (capped >= currentHealth) return row;
  await saveCurrentHealth(tx, row.character.id, capped);
  return { ...row, attributes: { ...row.attributes, currentHealth: capped } };
}

/** Spec 02 §4/§5: equips a gear entry; the item in the same slot goes back to the backpack. */
export async function equipEntry(tx: Tx, row: CharacterRow, entryId: string): Promise<InventoryActionResponse> {
  const characterId = row.character.id;
  const { entries, unequippedId } = equip(await listInventory(tx, characterId, true), entryId);
  if (unequippedId) await setEquipped(tx, characterId, unequippedId, false);
  await setEquipped(tx, characterId, entryId, true);
  const { name } = findEntry(entries, entryId).item;
  const swapped = unequippedId ? findEntry(entries, unequippedId).item.name : null;
  return {
    toast: toast(ITEM_TOAST_TITLES.equipped, equippedText(name, swapped)),
    inventory: inventoryView(entries, await keepHealthWithinMax(tx, row, entries)),
  };
}

/** Spec 02 §5: takes gear off; 'Backpack Full' when the unequipped entries fill every slot. */
export async function unequipEntry(tx: Tx, row: CharacterRow, entryId: string): Promise<InventoryActionResponse> {
  const characterId = row.character.id;
  const { entries } = unequip(await listInventory(tx, characterId, true), entryId, row.backpack.slots);
  await setEquipped(tx, characterId, entryId, false);
  const { name } = findEntry(entries, entryId).item;
  return { toast: toast(ITEM_TOAST_TITLES.unequipped, unequippedText(name)), inventory: inventoryView(entries, await keepHealthWithinMax(tx, row, entries)) };
}

/** `quantity` fewer of an entry (the row goes when none are left), as the view shows it. */
function without(entries: readonly InventoryEntry[], entryId: string, quantity: number): InventoryEntry[] {
  return entries.flatMap((entry) => {
    if (entry.id !== entryId) return [entry];
    return entry.quantity > quantity ? [{ ...entry, quantity: entry.quantity - quantity }] : [];
  });
}

/**
 * Spec 02 §9: sells `quantity` units of an entry for sellValue copper. Equipped gear
 * is refused (take it off first), so a worn item is never sold by a stray click.
 */
export async function sellEntry(tx: Tx, row: CharacterRow, entryId: string, quantity: number): Promise<SellResponse> {
  const characterId = row.character.id;
  const entries = await listInventory(tx, characterId, true);
  const entry = findEntry(entries, entryId);
  const { name } = entry.item;
  checkSale(entry, quantity);
  const gained = sellValue(entry.item, quantity);
  await takeFromEntry(tx, characterId, entryId, quantity);
  const balance = await creditCopper(tx, characterId, gained);
  await recordLedger(tx, [
    ...itemsOut(characterId, entryId, entry.item, quantity, 'store', { reason: 'store_sell' }),
    ...copperMovement('store', { character: characterId }, gained, { reason: 'store_sell' }),
  ]);
  const message = soldText(name, quantity, gained);
  return {
    copperGained: gained,
    message,
    toast: toast(ITEM_TOAST_TITLES.sold, message),
    inventory: inventoryView(without(entries, entryId, quantity), row),
    copper: balance,
    coins: toCoins(copper(balance)),
  };
}

/**
 * Spec 02 §4/§5/§8: drinks a potion or eats food, one unit, after bringing mana up to
 * date. Health is capped at the effective max health (gear health included). The unit is
 * used up even when it does nothing; the spec's messages and toasts come from `consume`.
 * `entries` are the character's inventory, loaded with their row lock.
 */
export async function useEntry(
  tx: Tx,
  row: CharacterRow,
  entries: readonly InventoryEntry[],
  entryId: string,
  now: Date,
  timeScale: number,
): Promise<UseItemResponse> {
  const characterId = row.character.id;
  const found = findEntry(entries, entryId).item;
  if (found.kind === 'chest') return openChestEntry(tx, row, entryId, found, now, timeScale);
  const item = usableItem(found);
  const attributes = await applyManaRegen(tx, row.attributes, now, timeScale);
  const maxHealth = maxHealthWithGear(attributes, equippedBonuses(entries));
  const result = consume(attributesOf(attributes), item, { maxHealth });
  await saveVitals(tx, characterId, result.attributes);
  await takeFromEntry(tx, characterId, entryId, 1);
  await recordLedger(tx, itemsOut(characterId, entryId, found, 1, 'void', { reason: 'item_used' }));
  const updated: CharacterRow = { ...row, attributes: { ...attributes, ...result.attributes } };
  const { currentHealth, currentMana, maxMana } = result.attributes;
  return {
    message: result.message,
    toast: result.toast ? toast(result.toast.title, result.toast.description, 'info') : toast(ITEM_TOAST_TITLES.used, result.message),
    healed: result.healed,
    manaRestored: result.manaRestored,
    vitals: { currentHealth, maxHealth, currentMana, maxMana },
    inventory: inventoryView(without(entries, entryId, 1), updated),
  };
}

/**
 * Battle-pass chests and packs (spec 03 §9): opening one uses it up and puts its loot into
 * the backpack, in one transaction; when the loot does not fit, nothing happens ('Backpack Full').
 */
async function openChestEntry(tx: Tx, row: CharacterRow, entryId: string, chest: ChestItem, now: Date, timeScale: number): Promise<UseItemResponse> {
  const characterId = row.character.id;
  const opened = openChest(createRng(secretSeed()), chest, row.character.level);
  await takeFromEntry(tx, characterId, entryId, 1);
  const { added, leftBehind } = await addItems(tx, characterId, opened.stacks);
  if (leftBehind.length > 0) throw chestDoesNotFit(chest);
  if (opened.copper > 0) await creditCopper(tx, characterId, opened.copper);
  await recordLedger(tx, [
    ...itemsOut(characterId, entryId, chest, 1, 'void', { reason: 'item_used' }),
    ...itemsIn(characterId, added, 'chests', { reason: 'chest' }),
    ...copperMovement('chests', { character: characterId }, opened.copper, { reason: 'chest' }),
  ]);
  const attributes = await applyManaRegen(tx, row.attributes, now, timeScale);
  const entries = await listInventory(tx, characterId);
  const updated: CharacterRow = { ...row, attributes };
  const { currentHealth, currentMana, maxMana } = attributes;
  return {
    message: opened.message,
    toast: toast(ITEM_TOAST_TITLES.chestOpened, opened.message),
    healed: 0,
    manaRestored: 0,
    vitals: { currentHealth, maxHealth: maxHealthWithGear(attributes, equippedBonuses(entries)), currentMana, maxMana },
    inventory: inventoryView(entries, updated),
  };
}
