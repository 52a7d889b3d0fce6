import type { AchievementEvent } from '../achievements/events.ts';
import { FIRST_STEPS, FIRST_STEPS_REWARD, FIRST_STEP_IDS, type FirstStep, type FirstStepId } from '../content/firstSteps.ts';

/** The events the achievements count that are first steps too (the others are marked where they happen). */
export function firstStepOf(event: AchievementEvent): FirstStepId | null {
  switch (event.type) {
    case 'gear-equipped':
      return 'equip';
    case 'store-bought':
      return 'store';
    case 'chat-message':
      return 'chat';
    default:
      return null;
  }
}

/** Issue 44 point 1: a step done for the first time; null when it was done before. */
export function completeFirstStep(done: readonly string[], step: FirstStepId): FirstStep | null {
  if (done.includes(step)) return null;
  return FIRST_STEPS.find((s) => s.id === step) ?? null;
}

/** What a step pays once `done` holds it: the guide's reward for the one that finishes it, else nothing. */
export function firstStepReward(done: readonly string[]): number {
  return firstStepsFinished(done) ? FIRST_STEPS_REWARD : 0;
}

/** Every step done (the guide then closes by itself). */
export function firstStepsFinished(done: readonly string[]): boolean {
  return FIRST_STEP_IDS.every((id) => done.includes(id));
}
