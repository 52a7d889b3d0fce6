import type { StoreStock } from '@rpg/game';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { ownedCharacter } from './columns.ts';
import { playerCharacterBackpack, playerCharacters, storeOffers } from '../schema/index.ts';

export type StoreOfferRow = typeof storeOffers.$inferSelect;
/** What the store shows of an offer. */
export type StoreOfferShown = Pick<StoreOfferRow, 'id' | 'offerId' | 'section' | 'item' | 'price' | 'sold'>;

const storeView = prepared('store_view', (db) =>
  db
    .select({
      copper: playerCharacters.copper,
      casinoChips: playerCharacters.casinoChips,
      backpack: {
        name: playerCharacterBackpack.name,
        tier: playerCharacterBackpack.tier,
        slots: playerCharacterBackpack.slots,
        description: playerCharacterBackpack.description,
        price: playerCharacterBackpack.price,
        sellPrice: playerCharacterBackpack.sellPrice,
      },
      // A row per offer of the window (the left join), in generation order.
      offer: {
        id: storeOffers.id,
        offerId: storeOffers.offerId,
        section: storeOffers.section,
        item: storeOffers.item,
        price: storeOffers.price,
        sold: storeOffers.sold,
      },
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterBackpack, eq(playerCharacterBackpack.characterId, playerCharacters.id))
    .leftJoin(
      storeOffers,
      and(eq(storeOffers.characterId, playerCharacters.id), eq(storeOffers.windowStart, sql`${sql.placeholder('windowStart')}::timestamptz`)),
    )
    .where(ownedCharacter())
    .orderBy(asc(storeOffers.position)),
);

type StoreViewRow = Awaited<ReturnType<typeof storeView>>[number];
export type StoreWindowRead = Omit<StoreViewRow, 'offer'> & { offers: StoreOfferShown[] };

/**
 * The player's character's wallet and carried backpack with its offers of one window, in one
 * statement (one snapshot): undefined when the character is not the player's.
 */
export async function readStoreWindow(db: DbOrTx, userId: string, characterId: string, windowStart: Date): Promise<StoreWindowRead | undefined> {
  const rows = await storeView(db, { userId, id: characterId, windowStart: windowStart.toISOString() });
  const [first] = rows;
  if (!first) return undefined;
  const { offer: _first, ...read } = first;
  return { ...read, offers: rows.flatMap((r) => (r.offer ? [r.offer] : [])) };
}

const windowOffers = prepared('store_window_offers', (db) =>
  db
    .select()
    .from(storeOffers)
    .where(and(eq(storeOffers.characterId, sql.placeholder('characterId')), eq(storeOffers.windowStart, sql`${sql.placeholder('windowStart')}::timestamptz`)))
    .orderBy(asc(storeOffers.position)),
);

/** The character's offers of one window, in generation order (gear, potions, food, backpacks). */
export function listWindowOffers(db: DbOrTx, characterId: string, windowStart: Date): Promise<StoreOfferRow[]> {
  return windowOffers(db, { characterId, windowStart: windowStart.toISOString() });
}

/**
 * Stores a generated stock for the window. Two tabs opening the store at once both
 * generate the same stock (same seed); the unique (character, window, offer) index
 * keeps the first and the second insert does nothing.
 */
export async function insertStock(tx: Tx, characterId: string, windowStart: Date, stock: StoreStock): Promise<void> {
  const offers = [...stock.gear, ...stock.potions, ...stock.food, ...stock.backpacks];
  const values = offers.map((offer, index) => ({
    characterId,
    windowStart,
    section: offer.section,
    offerId: offer.id,
    position: index,
    item: offer.item as unknown as Record<string, unknown>,
    price: offer.price,
    sold: false,
  }));
  await tx
    .insert(storeOffers)
    .values(values)
    .onConflictDoNothing({ target: [storeOffers.characterId, storeOffers.windowStart, storeOffers.offerId] });
}

const offersDeletedBefore = prepared('store_offers_deleted_before', (db) =>
  db
    .delete(storeOffers)
    .where(and(eq(storeOffers.characterId, sql.placeholder('characterId')), lt(storeOffers.windowStart, sql`${sql.placeholder('before')}::timestamptz`))),
);

/** Removes the character's offers of windows that began before `before`. */
export async function deleteOffersBefore(tx: Tx, characterId: string, before: Date): Promise<void> {
  await offersDeletedBefore(tx, { characterId, before: before.toISOString() });
}

/** One offer of the character, locked until the transaction ends. */
export async function lockOffer(tx: Tx, characterId: string, id: string): Promise<StoreOfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(storeOffers)
    .where(and(eq(storeOffers.id, id), eq(storeOffers.characterId, characterId)))
    .for('update');
  return row;
}

/** Marks the character's unsold offer sold and answers it; undefined when there is none unsold (the other tab won, or no such offer). */
export async function markOfferSold(tx: Tx, characterId: string, id: string): Promise<StoreOfferRow | undefined> {
  const [row] = await tx
    .update(storeOffers)
    .set({ sold: true })
    .where(and(eq(storeOffers.id, id), eq(storeOffers.characterId, characterId), eq(storeOffers.sold, false)))
    .returning();
  return row;
}
