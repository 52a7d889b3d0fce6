import { describe, expect, it } from 'vitest';
import { FIRST_STEPS, FIRST_STEPS_REWARD, FIRST_STEP_IDS } from '../content/firstSteps.ts';
import { completeFirstStep, firstStepOf, firstStepReward, firstStepsFinished } from './complete.ts';

describe('first steps (issue 44 point 1)', () => {
  it('pays nothing for a step done before', () => {
    expect(completeFirstStep(['store'], 'store')).toBeNull();
  });

  it('checks a step once; the last of the five pays the reward, the others nothing', () => {
    expect(completeFirstStep([], 'store')).toMatchObject({ id: 'store', title: 'Buy in the store' });
    expect(FIRST_STEPS.map((s) => s.id)).toEqual([...FIRST_STEP_IDS]);
    expect(FIRST_STEPS_REWARD).toBe(100);
    expect(firstStepReward(['character', 'store'])).toBe(0);
    expect(firstStepReward([...FIRST_STEP_IDS])).toBe(100);
    expect(firstStepsFinished(['character', 'adventure', 'equip', 'store'])).toBe(false);
    expect(firstStepsFinished([...FIRST_STEP_IDS])).toBe(true);
  });

  it('reads the equip, store and chat steps from the counted events', () => {
    expect(firstStepOf({ type: 'store-bought' })).toBe('store');
    expect(firstStepOf({ type: 'chat-message' })).toBe('chat');
    expect(firstStepOf({ type: 'gear-equipped', equipped: [] })).toBe('equip');
    expect(firstStepOf({ type: 'recipe-learned' })).toBeNull();
  });
});
