export * from './duration.ts';
export * from './start.ts';
export * from './rewards.ts';
export * from './drops.ts';
export * from './complete.ts';
export * from './again.ts';
export * from './upkeep.ts';
export * from './texts.ts';
