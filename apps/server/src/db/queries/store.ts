import type { InventoryEntry, ItemData, LedgerMovement, StoreStock } from '@rpg/game';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared, preparedWrite } from '../prepared.ts';
import { getCharacterForUpdate, selectCharacters, type CharacterRow } from './characters.ts';
import { ownedCharacter } from './columns.ts';
import { ledgerCte, ledgerJson } from './ledger.ts';
import {
  playerCharacterAppearance,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
  storeOffers,
} from '../schema/index.ts';

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

/** Marks the character's unsold offer sold and answers it; undefined when there is none unsold (the other tab won, or no such offer). */
export async function markOfferSold(tx: Tx, characterId: string, id: string): Promise<StoreOfferRow | undefined> {
  const [row] = await tx
    .update(storeOffers)
    .set({ sold: true })
    .where(and(eq(storeOffers.id, id), eq(storeOffers.characterId, characterId), eq(storeOffers.sold, false)))
    .returning();
  return row;
}

const buyerLocked = prepared('store_buyer_locked', (db) =>
  selectCharacters(db, {
    // The whole inventory, oldest first (listInventory's order), and the offer: read, not locked.
    entries: sql<InventoryEntry[]>`coalesce((select json_agg(json_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped)
      order by i.created_at, i.id) from ${playerCharacterInventory} i where i.character_id = ${playerCharacters.id}), '[]')`,
    offer: sql<Record<
      string,
      unknown
    > | null>`(select to_jsonb(o) from ${storeOffers} o where o.id = ${sql.placeholder('offerId')}::uuid and o.character_id = ${playerCharacters.id})`,
  })
    .where(ownedCharacter())
    .for('update', { of: [playerCharacters, playerCharacterAttributes, playerCharacterAppearance, playerCharacterBackpack] }),
);

/** The offer as to_jsonb gives it. */
const offerOf = (o: Record<string, unknown>): StoreOfferRow => ({
  id: o.id as string,
  characterId: o.character_id as string,
  windowStart: new Date(o.window_start as string),
  section: o.section as string,
  offerId: o.offer_id as string,
  position: o.position as number,
  item: o.item as StoreOfferRow['item'],
  price: Number(o.price),
  sold: o.sold as boolean,
});

/**
 * A purchase's one read, in its transaction: the character and its one-to-one rows locked (as
 * getCharacterForUpdate: lock order step 4), its inventory and the offer (undefined: no such offer
 * of the character's). The offer is not locked: the write marks it sold only while it is unsold.
 */
export async function lockBuyer(tx: Tx, userId: string, id: string, offerId: string) {
  // The lock first, in a statement of its own: one that waited for it would read the inventory as
  // it was when it began (a stack gone, a row added meanwhile unseen), as lockSettled says.
  if (!(await getCharacterForUpdate(tx, userId, id))) return undefined;
  const [row] = await buyerLocked(tx, { userId, id, offerId });
  if (!row) return undefined;
  const { entries, offer, ...character } = row;
  return { row: character as CharacterRow, entries, offer: offer ? offerOf(offer) : undefined };
}

const cid = sql`${sql.placeholder('characterId')}::uuid`;

/**
 * A purchase's writes in one statement, in its transaction (the character locked): the offer
 * marked sold while unsold, the price debited while the copper covers it, the item added (a new
 * row of the id given, or one more on a stack) and the ledger's rows, each only when the one
 * before it happened. A bought backpack is not written here.
 */
const buyWritten = preparedWrite<Record<string, unknown>, { marked: boolean; copper: string | number | null; placed: boolean }>(
  'store_buy_write',
  [
    [
      'offer',
      sql`update ${storeOffers} set sold = true where id = ${sql.placeholder('offerId')}::uuid and character_id = ${cid} and sold = false returning id`,
    ],
    [
      'debit',
      sql`update ${playerCharacters} set copper = copper - ${sql.placeholder('spent')}::bigint, updated_at = now()
      where id = ${cid} and copper >= ${sql.placeholder('spent')}::bigint and exists (select from offer) returning copper`,
    ],
    [
      'added',
      sql`insert into ${playerCharacterInventory} (id, character_id, item_data, quantity, equipped)
      select ${sql.placeholder('newId')}::uuid, ${cid}, ${sql.placeholder('item')}::jsonb, ${sql.placeholder('quantity')}::int, false
      from debit where ${sql.placeholder('change')}::text = 'add' returning id`,
    ],
    [
      'stacked',
      sql`update ${playerCharacterInventory} set quantity = quantity + 1
      where id = ${sql.placeholder('entryId')}::uuid and character_id = ${cid} and ${sql.placeholder('change')}::text = 'stack' and exists (select from debit)
      returning id`,
    ],
    ledgerCte('ledger', sql`${sql.placeholder('ledger')}`, sql`exists (select from added) or exists (select from stacked)`),
  ],
  {
    marked: sql<boolean>`exists (select from offer)`,
    copper: sql<string | number | null>`(select copper from debit)`,
    placed: sql<boolean>`exists (select from added) or exists (select from stacked)`,
  },
);

export interface BuyWrite {
  characterId: string;
  offerId: string;
  spent: number;
  /** 'add': a new row `newId` of `quantity` `item`; 'stack': one more on `entryId`. */
  change: { type: 'add'; newId: string; item: ItemData; quantity: number } | { type: 'stack'; entryId: string };
  ledger: readonly LedgerMovement[];
}

/** The purchase written (buyWritten): whether the offer was unsold, the copper after (null: not debited), the item placed. */
export async function writeBuy(tx: Tx, write: BuyWrite): Promise<{ marked: boolean; copper: number | null; placed: boolean }> {
  const { change } = write;
  const [row] = await buyWritten(tx, {
    characterId: write.characterId,
    offerId: write.offerId,
    spent: write.spent,
    change: change.type,
    newId: change.type === 'add' ? change.newId : null,
    item: change.type === 'add' ? JSON.stringify(change.item) : null,
    quantity: change.type === 'add' ? change.quantity : null,
    entryId: change.type === 'stack' ? change.entryId : null,
    ledger: ledgerJson(write.ledger),
  });
  if (!row) throw new Error('the store purchase answered no row');
  return { marked: row.marked, copper: row.copper === null ? null : Number(row.copper), placed: row.placed };
}
