/** The API's inventory and store shapes, shared by the server (answers) and the web app (parses). */
import { BIOMES, GEAR_SLOTS, GEAR_STATS, TIERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { toastSchema, type Toast } from './toast.ts';
import { characterViewSchema } from './characters.ts';

const int = lazySchema(() => z.number().int());
const tier = lazySchema(() => z.enum(TIERS));
const coinsSchema = lazySchema(() => z.strictObject({ gold: int, silver: int, copper: int }));

/** The fields of every kind of item (built inside the schemas that spread it, on their first use: lazy.ts). */
const itemBase = () => ({
  name: z.string(),
  tier,
  description: z.string(),
  /** Copper. */
  price: int,
  sellPrice: int.optional(),
});

/** One item as stored in an inventory row (the game package's ItemData). */
export const itemDataSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ ...itemBase(), kind: z.literal('gear'), slot: z.enum(GEAR_SLOTS), stats: z.partialRecord(z.enum(GEAR_STATS), int) }),
    z.object({ ...itemBase(), kind: z.literal('potion'), target: z.enum(['health', 'mana', 'both']), potency: int }),
    z.object({ ...itemBase(), kind: z.literal('food'), healthRestore: int, manaRestore: int.optional() }),
    z.object({ ...itemBase(), kind: z.literal('material'), materialId: z.string(), biome: z.enum(BIOMES) }),
    z.object({ ...itemBase(), kind: z.literal('scroll'), recipeId: z.string() }),
    z.object({
      ...itemBase(),
      kind: z.literal('chest'),
      loot: z.strictObject({ gear: int, gearTier: tier, potions: int, potionTier: tier, copper: int }),
    }),
  ]),
);

export const backpackItemSchema = lazySchema(() =>
  z.object({ name: z.string(), tier, slots: int, description: z.string(), price: int, sellPrice: int.optional() }),
);

export const inventoryEntrySchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    item: itemDataSchema,
    quantity: int,
    equipped: z.boolean(),
    /** Copper one unit sells for (the sell rule); a sale pays this times the quantity sold. */
    unitSellValue: int,
  }),
);

const gearTotals = lazySchema(() => z.strictObject({ attack: int, defense: int, speed: int, health: int }));

/** GET /api/characters/:id/inventory, and `inventory` in every inventory action's answer. */
export const inventoryViewSchema = lazySchema(() =>
  z.strictObject({
    /** Oldest first; equipped entries included. */
    entries: z.array(inventoryEntrySchema),
    /** Backpack slots; `used` counts unequipped entries (a stack takes one slot). */
    capacity: int,
    used: int,
    /** The capacity bar: 'warning' from 75 %, 'danger' from 90 % (spec 02 §2). */
    fill: z.enum(['normal', 'warning', 'danger']),
    /** The equipped entry of each occupied slot. */
    equipped: z.partialRecord(z.enum(GEAR_SLOTS), inventoryEntrySchema),
    /** The summed stats of the equipped gear. */
    bonuses: gearTotals,
    /** Attributes plus gear (effectiveStats); maxHealth is the health cap potions and food heal to. */
    effective: z.strictObject({ attack: int, defense: int, speed: int, magicPower: int, maxHealth: int, gearSpeed: int }),
    backpack: z.strictObject({ name: z.string(), tier, slots: int, description: z.string() }),
  }),
);

/** POST .../inventory/:entryId/equip and .../unequip. */
export const inventoryActionResponseSchema = lazySchema(() => z.strictObject({ toast: toastSchema, inventory: inventoryViewSchema }));

/** POST .../inventory/:entryId/sell { quantity? }. */
export const sellResponseSchema = lazySchema(() =>
  z.strictObject({
    copperGained: int,
    message: z.string(),
    toast: toastSchema,
    inventory: inventoryViewSchema,
    /** The character's balance after the sale. */
    copper: int,
    coins: coinsSchema,
  }),
);

/** POST .../inventory/:entryId/use. */
export const useItemResponseSchema = lazySchema(() =>
  z.strictObject({
    /** The console line ('You drink Minor Health Potion and recover 3 health.'). */
    message: z.string(),
    toast: toastSchema,
    healed: int,
    manaRestored: int,
    /** After using it; maxHealth is the cap with gear (effective max health). */
    vitals: z.strictObject({ currentHealth: int, maxHealth: int, currentMana: int, maxMana: int }),
    inventory: inventoryViewSchema,
  }),
);

/** The fields of every offer (built like itemBase). */
const offerBase = () => ({
  /** The offer's id for POST /store/buy (unique across windows). */
  offerId: z.string(),
  /** Its place in the stock: 'gear-0' .. 'backpack-5'. */
  slot: z.string(),
  price: int,
  coins: coinsSchema,
  sold: z.boolean(),
});

export const itemOfferSchema = lazySchema(() => z.strictObject({ ...offerBase(), item: itemDataSchema }));
/** `equipped`: this is the backpack the character carries ('Equipped' button). */
export const backpackOfferSchema = lazySchema(() => z.strictObject({ ...offerBase(), item: backpackItemSchema, equipped: z.boolean() }));

/** GET /api/characters/:id/store. Times are ISO 8601. */
export const storeViewSchema = lazySchema(() =>
  z.strictObject({
    windowStart: z.string(),
    nextRefresh: z.string(),
    timeZone: z.string(),
    sections: z.strictObject({
      gear: z.array(itemOfferSchema),
      potions: z.array(itemOfferSchema),
      food: z.array(itemOfferSchema),
      backpacks: z.array(backpackOfferSchema),
    }),
    wallet: z.strictObject({ copper: int, coins: coinsSchema, casinoChips: int }),
  }),
);

/** POST /api/characters/:id/store/buy { offerId }: the offer (now sold) and the character after paying. */
export const buyResponseSchema = lazySchema(() =>
  z.strictObject({
    toast: toastSchema,
    offer: z.union([itemOfferSchema, backpackOfferSchema]),
    character: characterViewSchema,
  }),
);

/** GET /api/store/schedule. */
export const storeScheduleSchema = lazySchema(() => z.strictObject({ windowStart: z.string(), nextRefresh: z.string(), timeZone: z.string() }));

export type ItemDataView = z.infer<typeof itemDataSchema>;
export type InventoryEntryView = z.infer<typeof inventoryEntrySchema>;
export type InventoryView = z.infer<typeof inventoryViewSchema>;
/** The one toast shape (toast.ts). */
export type ToastView = Toast;
export type InventoryActionResponse = z.infer<typeof inventoryActionResponseSchema>;
export type SellResponse = z.infer<typeof sellResponseSchema>;
export type UseItemResponse = z.infer<typeof useItemResponseSchema>;
export type ItemOfferView = z.infer<typeof itemOfferSchema>;
export type BackpackOfferView = z.infer<typeof backpackOfferSchema>;
export type StoreView = z.infer<typeof storeViewSchema>;
export type BuyResponse = z.infer<typeof buyResponseSchema>;
export type StoreSchedule = z.infer<typeof storeScheduleSchema>;
