import { copper, type Copper } from '../currency/copper.ts';

/** Issue 44 point 1: the guided start's steps, in the order they are shown. */
export const FIRST_STEP_IDS = ['character', 'adventure', 'equip', 'store', 'chat'] as const;
export type FirstStepId = (typeof FIRST_STEP_IDS)[number];

export interface FirstStep {
  id: FirstStepId;
  title: string;
  /** Where to do it, in a line. */
  hint: string;
}

/** The first steps as data: what each asks and what it pays. */
export const FIRST_STEPS: readonly FirstStep[] = [
  { id: 'character', title: 'Create a character', hint: 'On the Game Portal, choose a name, race and class.' },
  { id: 'adventure', title: 'Start an adventure', hint: 'Pick a location on the console, or type /forest.' },
  { id: 'equip', title: 'Equip an item', hint: 'Open the Backpack on the character sheet and equip a piece of gear.' },
  { id: 'store', title: 'Buy in the store', hint: 'The Store restocks every four hours.' },
  { id: 'chat', title: 'Say hello in the chat', hint: 'The global chat is on the character sheet and beside the console.' },
];

/**
 * What finishing the last of the first steps pays, once per account, into the character that did it
 * (copper; the balance simulation counts it as one new account's income from the guide).
 */
export const FIRST_STEPS_REWARD: Copper = copper(100);
