/** Spec 02 §4/§5 "Crafting": the titles of the crafting toasts (and of a craft's web push). */
export const CRAFTING_TITLES = { started: 'Crafting Started', complete: 'Crafting Complete', backpackFull: 'Backpack Full' } as const;
