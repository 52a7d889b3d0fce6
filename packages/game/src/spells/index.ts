export * from './effects.ts';
export * from './spells.ts';
export * from './cast.ts';
