import type { BackpackOfferView, ItemOfferView, StoreSchedule, StoreView, ToastView } from '@rpg/contract';
import {
  checkOfferWindow,
  copper,
  copperMovement,
  createRng,
  findEntry,
  generateStore,
  itemsIn,
  offerNotFound,
  purchase,
  sameBackpack,
  storeSeed,
  storeWindow,
  toCoins,
  type Backpack,
  type InventoryEntry,
  type ItemData,
  type StoreOffer,
  type StoreWindow,
} from '@rpg/game';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { getCharacter, type CharacterRow } from '../db/queries/characters.ts';
import { backpackColumns, debitCopper, replaceBackpack } from '../db/queries/items.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import {
  deleteOffersBefore,
  insertStock,
  listWindowOffers,
  lockBuyer,
  markOfferSold,
  readStoreWindow,
  type StoreOfferRow,
  type StoreOfferShown,
  writeBuy,
} from '../db/queries/store.ts';
import { transaction } from '../db/transaction.ts';

/**
 * Spec 03 §2/§4/§5: the character's store. The stock of a 4-hour window is generated on
 * first read from storeSeed(character, window start) and the character's level, and
 * kept as one row per offer so that a purchase marks its row sold exactly once.
 * `now` and `timeZone` are arguments so a test can open any window.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The last window found per time zone: its instants answer without the rules' time-zone arithmetic. */
const lastWindows = new Map<string, StoreWindow>();

/**
 * storeWindow(now, timeZone), remembered: windows never overlap or go backwards, so an instant
 * inside the last window found is in that window. The rules' answer costs several Intl time-zone
 * conversions (~100 us; a fifth of GET .../store's CPU before).
 */
export function windowAt(now: number, timeZone: string): StoreWindow {
  const last = lastWindows.get(timeZone);
  if (last && last.start <= now && now < last.end) return last;
  const window = storeWindow(now, timeZone);
  lastWindows.set(timeZone, window);
  return window;
}

/** GET /api/store/schedule: the window every player's store is in now (one time zone for all). */
export function storeSchedule(now: Date, timeZone: string): StoreSchedule {
  const window = windowAt(now.getTime(), timeZone);
  return { windowStart: iso(window.start), nextRefresh: iso(window.end), timeZone };
}

/** What the store reads of the character: its wallet and the backpack it carries. */
export interface StoreCharacter {
  copper: number;
  casinoChips: number;
  backpack: Pick<CharacterRow['backpack'], 'name' | 'tier' | 'slots' | 'description' | 'price' | 'sellPrice'>;
}

/** The backpack the character carries, as the rules read it. */
function carriedBackpack({ backpack }: Pick<StoreCharacter, 'backpack'>): Backpack {
  return {
    name: backpack.name,
    tier: backpack.tier,
    slots: backpack.slots,
    description: backpack.description,
    price: copper(backpack.price),
    ...(backpack.sellPrice === null ? {} : { sellPrice: copper(backpack.sellPrice) }),
  };
}

function toOffer(row: StoreOfferRow): StoreOffer {
  return { id: row.offerId, section: row.section, item: row.item, price: copper(row.price), sold: row.sold } as StoreOffer;
}

function offerView(row: StoreOfferShown, carried: Backpack): ItemOfferView | BackpackOfferView {
  const base = { offerId: row.id, slot: row.offerId, price: row.price, coins: toCoins(copper(row.price)), sold: row.sold };
  if (row.section === 'backpacks') {
    const item = row.item as unknown as Backpack;
    return { ...base, item, equipped: sameBackpack(item, carried) };
  }
  return { ...base, item: row.item as ItemData };
}

/** The store as the screen shows it: the window's offers by section and the wallet. */
export function storeView(character: StoreCharacter, offers: readonly StoreOfferShown[], window: { start: number; end: number }, timeZone: string): StoreView {
  const carried = carriedBackpack(character);
  const sections: StoreView['sections'] = { gear: [], potions: [], food: [], backpacks: [] };
  for (const offer of offers) {
    const view = offerView(offer, carried);
    if ('equipped' in view) sections.backpacks.push(view);
    else if (offer.section === 'gear' || offer.section === 'potions' || offer.section === 'food') sections[offer.section].push(view);
  }
  return {
    windowStart: iso(window.start),
    nextRefresh: iso(window.end),
    timeZone,
    sections,
    wallet: { copper: character.copper, coins: toCoins(copper(character.copper)), casinoChips: character.casinoChips },
  };
}

/**
 * GET .../store: the current window's stock is usually there already, and then one statement
 * reads it with the wallet (readStoreWindow: no transaction). A window not yet stocked is
 * opened in a transaction (openStore). Undefined when the character is not the player's.
 */
export async function readStore(db: Db, userId: string, characterId: string, now: Date, timeZone: string): Promise<StoreView | undefined> {
  const window = windowAt(now.getTime(), timeZone);
  const read = await readStoreWindow(db, userId, characterId, new Date(window.start));
  if (!read) return undefined;
  if (read.offers.length > 0) return storeView(read, read.offers, window, timeZone);
  return transaction(db, async (tx) => {
    const row = await getCharacter(tx, userId, characterId);
    return row && openStore(tx, row, now, timeZone);
  });
}

/**
 * The current window's offers, created on first read. Two tabs at once generate the same
 * stock and insert it with ON CONFLICT DO NOTHING, so it exists once. Windows before the
 * previous one are deleted then (the previous one stays, so a buy from a page loaded just
 * before the refresh is answered 'restocked').
 */
export async function openStore(tx: Tx, row: CharacterRow, now: Date, timeZone: string): Promise<StoreView> {
  const characterId = row.character.id;
  const window = windowAt(now.getTime(), timeZone);
  const windowStart = new Date(window.start);
  let rows = await listWindowOffers(tx, characterId, windowStart);
  if (rows.length === 0) {
    const stock = generateStore(createRng(storeSeed(characterId, window.start)), row.character.level);
    await insertStock(tx, characterId, windowStart, stock);
    await deleteOffersBefore(tx, characterId, new Date(storeWindow(window.start - 1, timeZone).start));
    rows = await listWindowOffers(tx, characterId, windowStart);
  }
  const { character } = row;
  return storeView({ copper: character.copper, casinoChips: character.casinoChips, backpack: row.backpack }, rows, window, timeZone);
}

export interface BuyOutcome {
  toast: ToastView;
  offer: ItemOfferView | BackpackOfferView;
}

/** Runs the rule again on the state a conditional update found, so it throws the player's message. */
function refuse(rerun: () => unknown): never {
  rerun();
  throw new Error('a conditional store update failed but the rule accepted the purchase');
}

/** A purchase made: the answer's parts, and the character as it is after it (its row and equipped entries). */
export interface Bought extends BuyOutcome {
  after: CharacterRow;
  equipped: InventoryEntry[];
}

/**
 * Spec 03 §4/§5: buys one offer of the player's character, in the caller's transaction. Issue 45,
 * point 3: one statement reads under the character's lock (lockBuyer: lock order step 4) what the
 * rules decide from, and one writes the purchase (writeBuy: the offer marked sold while unsold, the
 * copper debited while it covers the price, the item and the ledger rows). A bought backpack is
 * written statement by statement (a rare purchase). Undefined: the character is not the player's.
 */
export async function buyOffer(tx: Tx, userId: string, characterId: string, offerId: string, now: Date, timeZone: string): Promise<Bought | undefined> {
  const locked = await lockBuyer(tx, userId, characterId, offerId);
  if (!locked) return undefined;
  const { row, entries, offer: offerRow } = locked;
  if (!offerRow) throw offerNotFound();
  checkOfferWindow(offerRow.windowStart.getTime(), windowAt(now.getTime(), timeZone).start);
  const inventory = { entries, backpack: carriedBackpack(row) };
  const offer = toOffer(offerRow);
  const result = purchase(offer, copper(row.character.copper), inventory);
  const sold = () => refuse(() => purchase({ ...offer, sold: true }, copper(row.character.copper), inventory));
  const poor = () => refuse(() => purchase(offer, copper(0), inventory));

  const { change } = result;
  const why = { reason: 'store_buy', cause: offerRow.id } as const;
  const movements = copperMovement({ character: characterId }, 'store', result.spent, why);
  let after: CharacterRow = { ...row, character: { ...row.character, copper: row.character.copper - result.spent } };
  if (change.type === 'backpack') {
    if (!(await markOfferSold(tx, characterId, offerId))) sold();
    if ((await debitCopper(tx, characterId, result.spent)) === null) poor();
    await replaceBackpack(tx, characterId, change.backpack);
    await recordLedger(tx, movements);
    after = { ...after, backpack: { ...after.backpack, ...backpackColumns(change.backpack) } };
  } else {
    const placed =
      change.type === 'add'
        ? { write: { type: 'add', newId: randomUUID(), item: change.item, quantity: change.quantity } as const, item: change.item, quantity: change.quantity }
        : { write: { type: 'stack', entryId: change.entryId } as const, item: findEntry(entries, change.entryId).item, quantity: 1 };
    const entryId = placed.write.type === 'add' ? placed.write.newId : placed.write.entryId;
    movements.push(...itemsIn(characterId, [{ entryId, item: placed.item, quantity: placed.quantity }], 'store', why));
    const written = await writeBuy(tx, { characterId, offerId, spent: result.spent, change: placed.write, ledger: movements });
    if (!written.marked) sold();
    if (written.copper === null) poor();
    if (!written.placed) throw new Error(`the store purchase of offer ${offerId} placed no item`);
  }

  const carried = change.type === 'backpack' ? change.backpack : inventory.backpack;
  return {
    toast: { ...result.toast, variant: 'success' },
    offer: offerView({ ...offerRow, sold: true }, carried),
    after,
    equipped: entries.filter((entry) => entry.equipped),
  };
}
