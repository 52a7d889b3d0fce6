export * from './characters.ts';
export * from './items.ts';
export * from './adventure.ts';
export * from './casino.ts';
export * from './crafting.ts';
export * from './account.ts';
