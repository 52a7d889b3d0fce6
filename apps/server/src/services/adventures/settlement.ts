import { changedKeys, invalidatePush, type AdventureCompletedPush } from '@rpg/contract';
import { regenerateMana, type DropOptions } from '@rpg/game';
import type { Db, Tx } from '../../db/client.ts';
import {
  dueAdventureIds,
  lockNextDueAdventure,
  lockOpenAdventure,
  manaBelowMax,
  nextAdventureEnd,
  timedState,
  type OwnedAdventure,
  type TimedState,
} from '../../db/queries/adventures.ts';
import { applyManaRegen } from '../../db/queries/vitals.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { pusher } from '../../realtime/notify.ts';
import type { Settler } from '../../scheduler/scheduler.ts';
import { announceAchievements } from '../achievements.ts';
import { AlreadySettled, settleAdventure, type Settled } from './settle.ts';
import { transaction } from '../../db/transaction.ts';
import type { WebPushSender } from '../web-push.ts';

export interface AdventureSettlementDeps {
  db: Db;
  hub: RealtimeHub;
  /** RPG_TIME_SCALE (mana regeneration during settlement). */
  timeScale: number;
  log: { error(o: object, m?: string): void };
  /** Extra drops (recipe scrolls) and luck, for the crafting rules to plug in. */
  dropOptions?: DropOptions;
  /** Issue 44: an adventure the scheduler settled, pushed to the player's devices when no tab is open. */
  webPush?: Pick<WebPushSender, 'timerEnded'>;
}

/** How soon to look again at an adventure that is due but could not be settled. */
const RETRY_MS = 1000;

/** What one attempt found: nothing to settle, settled by someone else, or settled here. */
type Attempt = { kind: 'none' } | { kind: 'taken' } | { kind: 'settled'; settled: Settled };

/**
 * Settles adventures exactly once, each in its own transaction, from three places:
 * the scheduler (`settleDue`, FOR UPDATE SKIP LOCKED), and reads of the owner
 * (`settleDueFor`, which waits for a settler holding the row and then sees it done).
 * Pushes the completion toast and the refetches after each commit.
 */
export class AdventureSettlement implements Settler {
  readonly name = 'adventures';

  /** The drop options every settlement uses (a replay needs the same). */
  readonly dropOptions: DropOptions;

  constructor(private readonly deps: AdventureSettlementDeps) {
    this.dropOptions = deps.dropOptions ?? {};
  }

  /**
   * The earliest end time. One already past is due but unsettled (another process
   * holds it, or settling it failed): look again in a second rather than at once.
   */
  async nextDue(): Promise<Date | null> {
    const next = await nextAdventureEnd(this.deps.db);
    if (!next) return null;
    return next.getTime() > Date.now() ? next : new Date(Date.now() + RETRY_MS);
  }

  /** Scheduler: every due adventure nobody else is settling. A row that fails is logged and left for the next round. */
  async settleDue(now: Date): Promise<number> {
    let count = 0;
    const failed: string[] = [];
    for (;;) {
      let id: string | undefined;
      try {
        const attempt = await this.attempt(async (tx) => {
          const due = await lockNextDueAdventure(tx, now, failed);
          id = due?.adventure.id;
          return due;
        }, true);
        if (attempt.kind === 'none') return count;
        if (attempt.kind === 'settled') count += 1;
      } catch (error) {
        if (!id) throw error;
        this.deps.log.error({ err: error, adventureId: id }, 'adventure settlement failed');
        failed.push(id);
      }
    }
  }

  /**
   * Reads: the player's due adventures, settled before the answer (waits for a settler
   * already on one). One that fails is logged and left to the scheduler: the read goes on.
   */
  async settleDueFor(userId: string, now = new Date()): Promise<number> {
    return this.settleIds(await dueAdventureIds(this.deps.db, userId, now));
  }

  /** These adventures (ids of due ones read by the caller), each settled unless someone settled it first; one that fails is logged. */
  async settleIds(ids: readonly string[]): Promise<number> {
    let count = 0;
    for (const id of ids) {
      try {
        const attempt = await this.attempt((tx) => lockOpenAdventure(tx, id));
        if (attempt.kind === 'settled') count += 1;
      } catch (error) {
        this.deps.log.error({ err: error, adventureId: id }, 'adventure settlement on read failed');
      }
    }
    return count;
  }

  private manaStale(below: readonly { currentMana: number; maxMana: number; manaUpdatedAt: Date }[], now: Date): boolean {
    return below.some(
      (a) => regenerateMana(a.currentMana, a.maxMana, a.manaUpdatedAt.getTime(), now.getTime(), this.deps.timeScale).currentMana !== a.currentMana,
    );
  }

  private async storeMana(userId: string, now: Date): Promise<void> {
    const { db, timeScale } = this.deps;
    await transaction(db, async (tx) => {
      for (const attributes of await manaBelowMax(tx, userId, true)) await applyManaRegen(tx, attributes, now, timeScale);
    });
  }

  /**
   * Everything time-based of one player, up to date: settle due adventures, then regenerate mana.
   * One statement when nothing is due (timedState); answers the player's character ids, so a
   * route checks ownership without a query of its own.
   */
  async catchUp(userId: string, now = new Date()): Promise<string[]> {
    const state = await timedState(this.deps.db, userId, now);
    await this.catchUpFrom(userId, state, now);
    return state.characterIds;
  }

  /** Whether a state read elsewhere has anything the catch-up would change (due adventures, stale mana). */
  needsCatchUp(state: TimedState, now = new Date()): boolean {
    return state.dueAdventureIds.length > 0 || this.manaStale(state.manaBelowMax, now);
  }

  /**
   * The catch-up from a state the caller has already read (a route that reads the characters
   * with their timed state in one statement). True when it changed something, so the caller
   * reads again.
   */
  async catchUpFrom(userId: string, state: TimedState, now = new Date()): Promise<boolean> {
    let manaBelow = state.manaBelowMax;
    const settling = state.dueAdventureIds.length > 0;
    if (settling) {
      await this.settleIds(state.dueAdventureIds);
      // Settlement changed the health and mana rows: judge the mana from them, not the old read.
      manaBelow = (await timedState(this.deps.db, userId, now)).manaBelowMax;
    }
    try {
      if (this.manaStale(manaBelow, now)) {
        await this.storeMana(userId, now);
        return true;
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'mana refresh on read failed');
    }
    return settling;
  }

  /** `byTimer`: the scheduler's own settlement (not a read of the player), which may be pushed to their devices. */
  private async attempt(lock: (tx: Tx) => Promise<OwnedAdventure | undefined>, byTimer = false): Promise<Attempt> {
    let attempt: Attempt;
    try {
      attempt = await transaction(this.deps.db, async (tx): Promise<Attempt> => {
        const due = await lock(tx);
        if (!due) return { kind: 'none' };
        return { kind: 'settled', settled: await settleAdventure(tx, due, new Date(), this.deps.timeScale, this.dropOptions) };
      });
    } catch (error) {
      if (error instanceof AlreadySettled) return { kind: 'taken' };
      throw error;
    }
    if (attempt.kind === 'settled') {
      this.announce(attempt.settled);
      const { userId, characterId, title, message } = attempt.settled;
      if (byTimer) void this.deps.webPush?.timerEnded(userId, 'adventures', { title, body: message, tag: `adventure:${characterId}`, url: '/play' });
    }
    return attempt;
  }

  /** After the commit: the completion toast and the refetches, to every tab of the owner. */
  private announce({ userId, characterId, won, title, message, achievements }: Settled): void {
    const completed: AdventureCompletedPush = { type: 'adventure-completed', characterId, won, title, message };
    const p = pusher(this.deps.hub, this.deps.log);
    p.notify(userId, completed, invalidatePush(changedKeys.adventureSettled(characterId)));
    // Its level, XP, adventures and battles, maybe its attributes: the boards.
    p.readsChanged({ tops: true });
    announceAchievements(p, userId, achievements);
  }
}
