import { changedKeys, invalidatePush } from '@rpg/contract';
import {
  CRAFTING_TITLES,
  completeCraft,
  craftingLevel,
  isRuleError,
  itemsIn,
  itemsOut,
  notAScroll,
  nothingToCollect,
  readScroll,
  scrollNotFound,
  startCraft,
  type CraftingState,
  type InventoryEntry,
  type LedgerMovement,
} from '@rpg/game';
import type { Db, Tx } from '../db/client.ts';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import {
  addCraftingXp,
  getOpenCraft,
  insertCraft,
  listDueCrafts,
  lockCraftingCharacter,
  lockDueCraft,
  markCraftCollected,
  markCraftWaiting,
  nextCraftDue,
  saveUnlockedRecipes,
  type CraftRow,
} from '../db/queries/crafting.ts';
import { addItems, backpackCapacity, listInventory, takeFromEntry } from '../db/queries/inventory.ts';
import { writeConsoleLines } from '../db/queries/console.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import type { Settler } from '../scheduler/scheduler.ts';
import type { WebPushSender } from './web-push.ts';
import { announceAchievements, NO_NOTICE, recordEvents, type AchievementNotice } from './achievements.ts';
import { found } from './characters.ts';
import { transaction } from '../db/transaction.ts';

/** A craft finished: collected into the backpack, or left waiting for room ('Backpack Full'). */
export interface CraftOutcome {
  userId: string;
  characterId: string;
  collected: boolean;
  itemName: string;
  /** The console lines joined by spaces. */
  message: string;
  /** Achievements and battle-pass rewards the craft earned (announced after the commit). */
  achievements?: AchievementNotice;
}

type CraftingCharacter = Pick<CraftingState, 'craftingXp' | 'unlockedRecipes'>;

function stateOf(character: CraftingCharacter, inventory: InventoryEntry[], craft: CraftRow | undefined): CraftingState {
  return {
    craftingXp: character.craftingXp,
    unlockedRecipes: character.unlockedRecipes,
    inventory,
    activeCraft: craft ? { recipeId: craft.recipeId, startedAt: craft.startedAt.getTime(), endsAt: craft.endsAt.getTime() } : null,
  };
}

/**
 * Collects a finished craft (the character and the craft are locked): the rules' item goes
 * into the backpack, the XP is added and the craft flips to completed, all in this
 * transaction. With the backpack full, `waitIfFull` keeps the craft open with the item it
 * will give (the settler); otherwise the rules' 'Backpack Full' refusal is thrown (collect).
 */
async function finishCraft(tx: Tx, character: CraftingCharacter & { userId: string }, craft: CraftRow, now: Date, waitIfFull: boolean): Promise<CraftOutcome> {
  const { characterId } = craft;
  const state = stateOf(character, await listInventory(tx, characterId, true), craft);
  const base = { userId: character.userId, characterId };
  try {
    const result = completeCraft(state, now.getTime(), await backpackCapacity(tx, characterId));
    if (!(await markCraftCollected(tx, craft.id, result.item, now))) throw new Error(`craft ${craft.id} collected twice under its lock`);
    const { added, leftBehind } = await addItems(tx, characterId, [{ item: result.item, quantity: 1 }]);
    if (leftBehind.length > 0) throw new Error('the rules found room that addItems did not');
    await recordLedger(tx, itemsIn(characterId, added, 'crafting', { reason: 'craft', cause: craft.id }));
    await addCraftingXp(tx, characterId, result.xpGained);
    await writeConsoleLines(
      tx,
      characterId,
      result.messages.map((content) => ({ kind: 'success', content })),
    );
    const achievements = await recordEvents(
      tx,
      character.userId,
      [
        { type: 'crafted', tier: result.item.tier, craftingLevel: craftingLevel(character.craftingXp + result.xpGained) },
        { type: 'item-obtained', tier: result.item.tier },
      ],
      now,
    );
    return { ...base, collected: true, itemName: result.item.name, message: result.messages.join(' '), achievements };
  } catch (error) {
    if (!waitIfFull || !isRuleError(error) || error.code !== 'backpack_full') throw error;
    const { item } = completeCraft(state, now.getTime(), Number.POSITIVE_INFINITY);
    if (!(await markCraftWaiting(tx, craft.id, item))) throw new Error(`craft ${craft.id} changed under its lock`);
    await writeConsoleLines(tx, characterId, [{ kind: 'error', content: error.message }]);
    return { ...base, collected: false, itemName: item.name, message: error.message };
  }
}

/**
 * Settles one due craft exactly once: the character row is locked first (the order every
 * route uses), then the craft, re-checked as still due and untried. Null when another
 * transaction settled it already.
 */
export async function settleCraft(tx: Tx, craftId: string, characterId: string, now: Date): Promise<CraftOutcome | null> {
  const character = await lockCraftingCharacter(tx, characterId);
  if (!character) return null;
  const craft = await lockDueCraft(tx, craftId, now);
  if (!craft) return null;
  return finishCraft(tx, character, craft, now, true);
}

/** After commit: the craft-completed push and the queries it changed. */
export function announceCraft(hub: RealtimeHub, log: { error(o: object, m?: string): void }, outcome: CraftOutcome): void {
  const { userId, characterId, itemName, collected, message } = outcome;
  const p = pusher(hub, log);
  p.notify(userId, { type: 'craft-completed', characterId, itemName, collected, message }, invalidatePush(changedKeys.craftFinished(characterId)));
  announceAchievements(p, userId, outcome.achievements ?? NO_NOTICE);
}

/** If a craft failed to settle it is still due after settleDue: try again after this pause, not in a tight loop. */
const RETRY_MS = 1000;

/** The scheduler's settler for crafts (spec 02 §4 "Crafting": done -> item and XP added). */
export function craftSettler(db: Db, hub: RealtimeHub, log: { error(o: object, m?: string): void }, webPush?: Pick<WebPushSender, 'timerEnded'>): Settler {
  return {
    name: 'crafts',
    async nextDue() {
      const at = await nextCraftDue(db);
      return at && at.getTime() <= Date.now() ? new Date(Date.now() + RETRY_MS) : at;
    },
    async settleDue(now) {
      let settled = 0;
      for (const craft of await listDueCrafts(db, now)) {
        try {
          const outcome = await transaction(db, (tx) => settleCraft(tx, craft.id, craft.characterId, now));
          if (!outcome) continue;
          settled += 1;
          announceCraft(hub, log, outcome);
          // Issue 44: the craft's end on the player's devices when no tab of theirs is open.
          const { userId, characterId, collected, message } = outcome;
          void webPush?.timerEnded(userId, 'crafts', {
            title: collected ? CRAFTING_TITLES.complete : CRAFTING_TITLES.backpackFull,
            body: message,
            tag: `craft:${characterId}`,
            url: '/profile',
          });
        } catch (error) {
          log.error({ err: error, craftId: craft.id }, 'settling a craft failed');
        }
      }
      return settled;
    },
  };
}

/** Applies the rules' new inventory: each entry that shrank or left loses the difference (answered as the ledger's movements into crafting). */
async function takeWhatChanged(
  tx: Tx,
  characterId: string,
  before: readonly InventoryEntry[],
  after: readonly InventoryEntry[],
  cause: string,
): Promise<LedgerMovement[]> {
  const taken: LedgerMovement[] = [];
  for (const entry of before) {
    const quantity = entry.quantity - (after.find((e) => e.id === entry.id)?.quantity ?? 0);
    if (quantity <= 0) continue;
    await takeFromEntry(tx, characterId, entry.id, quantity);
    taken.push(...itemsOut(characterId, entry.id, entry.item, quantity, 'crafting', { reason: 'craft', cause }));
  }
  return taken;
}

/** Spec 02 §4/§5 "Crafting": the rules' checks and texts; ingredients taken now, the end time stored. */
export async function startCraftFor(tx: Tx, userId: string, characterId: string, recipeId: string, now: Date, timeScale: number) {
  const { character } = found(await getCharacterForUpdate(tx, userId, characterId));
  const inventory = await listInventory(tx, characterId, true);
  const result = startCraft(stateOf(character, inventory, await getOpenCraft(tx, characterId, true)), recipeId, now.getTime(), timeScale);
  const craft = await insertCraft(tx, { characterId, recipeId: result.recipe.id, startedAt: now, endsAt: new Date(now.getTime() + result.durationMs) });
  await recordLedger(tx, await takeWhatChanged(tx, characterId, inventory, result.state.inventory, craft.id));
  return { craft, title: CRAFTING_TITLES.started, message: result.message };
}

/**
 * POST .../crafting/collect: the open craft once it is finished, whether it waits for
 * room or was not settled yet. Refused with the rules' texts: nothing crafting, not
 * ready yet, 'Backpack Full' (the craft stays waiting).
 */
export async function collectCraftFor(tx: Tx, userId: string, characterId: string, now: Date) {
  const { character } = found(await getCharacterForUpdate(tx, userId, characterId));
  const craft = await getOpenCraft(tx, characterId, true);
  if (!craft) throw nothingToCollect();
  const outcome = await finishCraft(tx, character, craft, now, false);
  return { outcome, title: CRAFTING_TITLES.complete, message: outcome.message };
}

/** Spec 02 §5: reading a recipe scroll from the backpack; one scroll is used up either way. */
export async function readScrollFor(tx: Tx, userId: string, characterId: string, entryId: string) {
  const { character } = found(await getCharacterForUpdate(tx, userId, characterId));
  const entry = (await listInventory(tx, characterId, true)).find((e) => e.id === entryId);
  if (!entry) throw scrollNotFound();
  if (entry.item.kind !== 'scroll') throw notAScroll();
  const result = readScroll(stateOf(character, [entry], undefined), entry.item);
  await takeFromEntry(tx, characterId, entry.id, 1);
  await recordLedger(tx, itemsOut(characterId, entry.id, entry.item, 1, 'void', { reason: 'scroll' }));
  if (result.learned) await saveUnlockedRecipes(tx, characterId, result.state.unlockedRecipes);
  const achievements = result.learned ? await recordEvents(tx, userId, [{ type: 'recipe-learned' }]) : NO_NOTICE;
  return { title: result.title, message: result.message, learned: result.learned, achievements };
}
