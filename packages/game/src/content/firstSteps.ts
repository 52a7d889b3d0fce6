import { copper, type Copper } from '../currency/copper.ts';

/** Issue 44 point 1: the guided start's steps, in the order they are shown. */
export const FIRST_STEP_IDS = ['character', 'adventure', 'equip', 'store', 'chat'] as const;
export type FirstStepId = (typeof FIRST_STEP_IDS)[number];

export interface FirstStep {
  id: FirstStepId;
  title: string;
  /** Where to do it, in a line. */
  hint: string;
  /** Copper put into the character that did it, once per account (the balance simulation counts it). */
  reward: Copper;
}

/** The first steps as data: what each asks and what it pays. */
export const FIRST_STEPS: readonly FirstStep[] = [
  { id: 'character', title: 'Create a character', hint: 'On the Game Portal, choose a name, race and class.', reward: copper(20) },
  { id: 'adventure', title: 'Start an adventure', hint: 'Pick a location on the console, or type /forest.', reward: copper(20) },
  { id: 'equip', title: 'Equip an item', hint: 'Open the Backpack on the character sheet and equip a piece of gear.', reward: copper(30) },
  { id: 'store', title: 'Buy in the store', hint: 'The Store restocks every four hours.', reward: copper(30) },
  { id: 'chat', title: 'Say hello in the chat', hint: 'The global chat is on the character sheet and beside the console.', reward: copper(20) },
];

/** What finishing every first step pays in all (copper): what one new account can get from the guide. */
export const FIRST_STEPS_TOTAL_COPPER: Copper = copper(FIRST_STEPS.reduce((sum, step) => sum + step.reward, 0));
