import type { BackpackOfferView, ItemOfferView, StoreSchedule, StoreView, ToastView } from '@rpg/contract';
import {
  copper,
  createRng,
  generateStore,
  purchase,
  sameBackpack,
  storeSeed,
  storeWindow,
  toCoins,
  type Backpack,
  type ItemData,
  type StoreOffer,
} from '@rpg/game';
import type { Tx } from '../db/client.ts';
import type { CharacterRow } from '../db/queries/characters.ts';
import { listInventory } from '../db/queries/inventory.ts';
import { debitCopper, insertEntry, raiseStack, replaceBackpack } from '../db/queries/items.ts';
import { deleteOffersBefore, insertStock, listWindowOffers, lockOffer, markOfferSold, type StoreOfferRow } from '../db/queries/store.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Spec 03 §2/§4/§5: the character's store. The stock of a 4-hour window is generated on
 * first read from storeSeed(character, window start) and the character's level, and
 * kept as one row per offer so that a purchase marks its row sold exactly once.
 * `now` and `timeZone` are arguments so a test can open any window.
 */

export const STORE_RESTOCKED = 'The store has restocked. Take a look at the new items.';
export const OFFER_NOT_FOUND = 'This item is not in your store.';

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/store/schedule: the window every player's store is in now (one time zone for all). */
export function storeSchedule(now: Date, timeZone: string): StoreSchedule {
  const window = storeWindow(now.getTime(), timeZone);
  return { windowStart: iso(window.start), nextRefresh: iso(window.end), timeZone };
}

/** The backpack the character carries, as the rules read it. */
function carriedBackpack({ backpack }: CharacterRow): Backpack {
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

function offerView(row: StoreOfferRow, carried: Backpack): ItemOfferView | BackpackOfferView {
  const base = { offerId: row.id, slot: row.offerId, price: row.price, coins: toCoins(copper(row.price)), sold: row.sold };
  if (row.section === 'backpacks') {
    const item = row.item as unknown as Backpack;
    return { ...base, item, equipped: sameBackpack(item, carried) };
  }
  return { ...base, item: row.item as ItemData };
}

/**
 * The current window's offers, created on first read. Two tabs at once generate the same
 * stock and insert it with ON CONFLICT DO NOTHING, so it exists once. Windows before the
 * previous one are deleted then (the previous one stays, so a buy from a page loaded just
 * before the refresh is answered 'restocked').
 */
export async function openStore(tx: Tx, row: CharacterRow, now: Date, timeZone: string): Promise<StoreView> {
  const characterId = row.character.id;
  const window = storeWindow(now.getTime(), timeZone);
  const windowStart = new Date(window.start);
  let rows = await listWindowOffers(tx, characterId, windowStart);
  if (rows.length === 0) {
    const stock = generateStore(createRng(storeSeed(characterId, window.start)), row.character.level);
    await insertStock(tx, characterId, windowStart, stock);
    await deleteOffersBefore(tx, characterId, new Date(storeWindow(window.start - 1, timeZone).start));
    rows = await listWindowOffers(tx, characterId, windowStart);
  }
  const carried = carriedBackpack(row);
  const sections: StoreView['sections'] = { gear: [], potions: [], food: [], backpacks: [] };
  for (const offer of rows) {
    const view = offerView(offer, carried);
    if ('equipped' in view) sections.backpacks.push(view);
    else if (offer.section === 'gear' || offer.section === 'potions' || offer.section === 'food') sections[offer.section].push(view);
  }
  const { character } = row;
  return {
    windowStart: iso(window.start),
    nextRefresh: iso(window.end),
    timeZone,
    sections,
    wallet: { copper: character.copper, coins: toCoins(copper(character.copper)), casinoChips: character.casinoChips },
  };
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

/**
 * Spec 03 §4/§5: buys one offer. The caller holds the character's row lock, so two
 * buys of one character run one after the other; the sold flag and the copper still
 * change only through conditional updates (`sold = false`, `copper >= price`).
 */
export async function buyOffer(tx: Tx, row: CharacterRow, offerId: string, now: Date, timeZone: string): Promise<BuyOutcome> {
  const characterId = row.character.id;
  const offerRow = await lockOffer(tx, characterId, offerId);
  if (!offerRow) throw new HttpError(404, 'offer_not_found', OFFER_NOT_FOUND, 'Item Not Found');
  if (offerRow.windowStart.getTime() !== storeWindow(now.getTime(), timeZone).start) {
    throw new HttpError(409, 'store_restocked', STORE_RESTOCKED, 'Store Restocked');
  }
  const inventory = { entries: await listInventory(tx, characterId, true), backpack: carriedBackpack(row) };
  const offer = toOffer(offerRow);
  const result = purchase(offer, copper(row.character.copper), inventory);

  if (!(await markOfferSold(tx, characterId, offerRow.id))) refuse(() => purchase({ ...offer, sold: true }, result.wallet, inventory));
  if ((await debitCopper(tx, characterId, result.spent)) === null) refuse(() => purchase(offer, copper(0), inventory));
  const { change } = result;
  if (change.type === 'add') await insertEntry(tx, characterId, change.item, change.quantity);
  else if (change.type === 'stack') await raiseStack(tx, characterId, change.entryId, 1);
  else await replaceBackpack(tx, characterId, change.backpack);

  const carried = change.type === 'backpack' ? change.backpack : inventory.backpack;
  return { toast: { ...result.toast, variant: 'success' }, offer: offerView({ ...offerRow, sold: true }, carried) };
}
