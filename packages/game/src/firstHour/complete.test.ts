import { describe, expect, it } from 'vitest';
import { FIRST_STEPS, FIRST_STEPS_TOTAL_COPPER, FIRST_STEP_IDS } from '../content/firstSteps.ts';
import { completeFirstStep, firstStepOf, firstStepsFinished } from './complete.ts';

describe('first steps (issue 44 point 1)', () => {
  it('pays nothing for a step done before', () => {
    expect(completeFirstStep(['store'], 'store')).toBeNull();
  });

  it('pays each step its reward once; the guide is finished with all five', () => {
    expect(completeFirstStep([], 'store')).toMatchObject({ id: 'store', reward: 30 });
    expect(FIRST_STEPS.map((s) => s.id)).toEqual([...FIRST_STEP_IDS]);
    expect(FIRST_STEPS_TOTAL_COPPER).toBe(120);
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
