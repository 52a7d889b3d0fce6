import { completeFirstStep, copperMovement, firstStepOf, firstStepReward, type AchievementEvent, type FirstStepId } from '@rpg/game';
import type { Tx } from '../db/client.ts';
import { addFirstStep, creditCopper, lockRewardedCharacter, readFirstHour } from '../db/queries/first-hour.ts';
import { recordLedger } from '../db/queries/ledger.ts';

/** A step done for the first time, in the transaction of the event that did it. */
export interface StepDone {
  step: FirstStepId;
  reward: number;
  characterId: string | null;
}

/**
 * Issue 44 point 1: checks off a first step in the transaction of the event that did it; the step
 * that finishes the guide pays FIRST_STEPS_REWARD (@rpg/game) into `characterId`, once per account,
 * through the ledger.
 * Lock order: the rewarded character (NO KEY UPDATE, as any copper change) before the player's
 * first-hour row; a step already done costs one read and takes no lock.
 */
export async function markFirstStep(tx: Tx, userId: string, step: FirstStepId, characterId: string | null): Promise<StepDone | null> {
  const row = await readFirstHour(tx, userId);
  const first = completeFirstStep(row?.steps ?? [], step);
  if (!first) return null;
  const rewarded = characterId !== null && (await lockRewardedCharacter(tx, characterId)) ? characterId : null;
  // The steps as stored after this one (a racing step's included): the one that finishes the guide pays.
  const steps = await addFirstStep(tx, userId, step);
  if (!steps) return null;
  const reward = rewarded ? firstStepReward(steps) : 0;
  if (rewarded && reward > 0) {
    await creditCopper(tx, rewarded, reward);
    await recordLedger(tx, copperMovement('first_steps', { character: rewarded }, reward, { reason: 'first_steps', cause: step }));
  }
  return { step, reward, characterId: rewarded };
}

/** The first steps among counted achievement events (equip, store, chat). */
export async function markFirstStepsOf(tx: Tx, userId: string, events: readonly AchievementEvent[], characterId: string | null): Promise<StepDone[]> {
  const done: StepDone[] = [];
  for (const step of new Set(events.map(firstStepOf))) {
    if (!step) continue;
    const marked = await markFirstStep(tx, userId, step, characterId);
    if (marked) done.push(marked);
  }
  return done;
}
