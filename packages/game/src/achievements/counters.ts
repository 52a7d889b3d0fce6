import { COUNTERS, NIGHT_OWL_HOUR, PREFIXES } from '../content/achievements.ts';
import { GEAR_SLOTS, TIERS, type Tier } from '../types.ts';
import type { AchievementEvent } from './events.ts';

/** One change to a stored counter: add to it, raise it to at least a value, or set it. */
export interface CounterChange {
  key: string;
  op: 'add' | 'max' | 'set';
  value: number;
}

export type Counters = Readonly<Record<string, number>>;

const add = (key: string, value = 1): CounterChange => ({ key, op: 'add', value });
const max = (key: string, value: number): CounterChange => ({ key, op: 'max', value });
const atLeast = (tier: Tier, floor: Tier) => TIERS.indexOf(tier) >= TIERS.indexOf(floor);

const OBTAINED: Readonly<Partial<Record<Tier, string>>> = {
  uncommon: COUNTERS.obtainedUncommon,
  rare: COUNTERS.obtainedRare,
  epic: COUNTERS.obtainedEpic,
  legendary: COUNTERS.obtainedLegendary,
};

/**
 * Spec 03 §3/§4: what one game event changes in a player's achievement counters. Pure:
 * the win streak reads the counters as they are before the event.
 */
export function counterChanges(counters: Counters, event: AchievementEvent): CounterChange[] {
  switch (event.type) {
    case 'adventure-completed': {
      const changes = [add(COUNTERS.adventuresCompleted), add(`${PREFIXES.biome}${event.location}`)];
      if (event.won) {
        const streak = (counters[COUNTERS.winStreak] ?? 0) + 1;
        changes.push(
          add(COUNTERS.adventuresWon),
          add(COUNTERS.enemiesDefeated, event.enemiesDefeated),
          { key: COUNTERS.winStreak, op: 'set', value: streak },
          max(COUNTERS.bestWinStreak, streak),
          max(COUNTERS.highestLevelWon, event.level),
        );
      } else {
        changes.push(add(COUNTERS.adventuresLost), { key: COUNTERS.winStreak, op: 'set', value: 0 });
      }
      if (event.discovery === 'hidden-grove') changes.push(add(COUNTERS.secretArea));
      if (event.discovery === 'mountaintop') changes.push(add(COUNTERS.mountaintop));
      if (event.discovery === 'depths') changes.push(add(COUNTERS.depths));
      return changes;
    }
    case 'item-obtained': {
      const changes: CounterChange[] = [];
      for (const tier of TIERS) {
        const key = OBTAINED[tier];
        if (key && atLeast(event.tier, tier)) changes.push(add(key));
      }
      if (event.materialId) changes.push(add(`${PREFIXES.material}${event.materialId}`));
      return changes;
    }
    case 'gear-equipped': {
      const slots = new Set(event.equipped.map((e) => e.slot).filter((slot) => GEAR_SLOTS.includes(slot)));
      const legendary = new Set(event.equipped.filter((e) => e.tier === 'legendary').map((e) => e.slot));
      return [max(COUNTERS.slotsEquipped, slots.size), max(COUNTERS.legendarySlotsEquipped, legendary.size)];
    }
    case 'crafted': {
      const changes = [add(COUNTERS.crafted), max(COUNTERS.craftingLevel, event.craftingLevel)];
      if (atLeast(event.tier, 'rare')) changes.push(add(COUNTERS.craftedRare));
      if (atLeast(event.tier, 'epic')) changes.push(add(COUNTERS.craftedEpic));
      return changes;
    }
    case 'recipe-learned':
      return [add(COUNTERS.recipesLearned)];
    case 'store-bought':
      return [add(COUNTERS.storeBought)];
    case 'item-sold':
      return [add(COUNTERS.copperFromSales, event.copper)];
    case 'chips-bought':
      return [add(COUNTERS.chipsBought, event.chips)];
    case 'poker-finished':
      return event.net > 0 ? [add(COUNTERS.pokerWins), max(COUNTERS.biggestPokerWin, event.net)] : [];
    case 'level-reached':
      return [max(COUNTERS.characterLevel, event.level)];
    case 'played': {
      const changes = event.seconds > 0 ? [add(COUNTERS.secondsPlayed, event.seconds)] : [];
      if (event.localHour === NIGHT_OWL_HOUR) changes.push(max(COUNTERS.nightOwl, 1));
      return changes;
    }
    case 'secret-command':
      return [add(COUNTERS.easterEgg)];
    case 'auction-sold':
      return [add(COUNTERS.auctionSold), add(COUNTERS.auctionTrades), add(COUNTERS.copperFromSales, event.copper)];
    case 'auction-bought':
      return [add(COUNTERS.auctionTrades)];
    case 'friend-added':
      // The most friends held at once: removing and re-adding one friend counts nothing new.
      return [max(COUNTERS.friends, event.friends)];
    case 'message-sent':
      return [add(COUNTERS.messagesSent)];
    case 'post-created':
      return [add(COUNTERS.postsCreated)];
    case 'chat-message':
      return [add(COUNTERS.chatMessages)];
    case 'gift-sent':
      return [add(COUNTERS.giftsSent), add(COUNTERS.copperGifted, event.copper)];
  }
}

/** A counter change applied to a value (what the database's upsert does too). */
export function applyChange(current: number, change: CounterChange): number {
  if (change.op === 'add') return current + change.value;
  if (change.op === 'max') return Math.max(current, change.value);
  return change.value;
}

/**
 * Several changes to one counter, applied in order, as one: the counter becomes
 * `max(current * keep + add, atLeast)` (keep 0 after a set, atLeast null when no max applies).
 * The database applies each counter's folded change in one statement (applyCounterChanges).
 */
export interface FoldedChange {
  key: string;
  keep: 0 | 1;
  add: number;
  atLeast: number | null;
}

/** The folded change of each counter `changes` touch, in key order (the order the rows are locked in). */
export function foldChanges(changes: readonly CounterChange[]): FoldedChange[] {
  const folded = new Map<string, FoldedChange>();
  for (const change of changes) {
    const f = folded.get(change.key) ?? { key: change.key, keep: 1, add: 0, atLeast: null };
    if (change.op === 'add') {
      f.add += change.value;
      if (f.atLeast !== null) f.atLeast += change.value;
    } else if (change.op === 'max') f.atLeast = f.atLeast === null ? change.value : Math.max(f.atLeast, change.value);
    else Object.assign(f, { keep: 0, add: change.value, atLeast: null });
    folded.set(change.key, f);
  }
  return [...folded.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A folded change applied to a value (what the database's upsert computes). */
export function applyFolded(current: number, change: FoldedChange): number {
  const next = current * change.keep + change.add;
  return change.atLeast === null ? next : Math.max(next, change.atLeast);
}

/** Every event applied in order: the counters after them. */
export function applyEvents(counters: Counters, events: readonly AchievementEvent[]): Record<string, number> {
  const next: Record<string, number> = { ...counters };
  for (const event of events) {
    for (const change of counterChanges(next, event)) next[change.key] = applyChange(next[change.key] ?? 0, change);
  }
  return next;
}
