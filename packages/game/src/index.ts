export * from './errors.ts';
export * from './rng.ts';
export * from './currency/copper.ts';
export * from './types.ts';
export * from './character/leveling.ts';
