export * from './winChance.ts';
export * from './resolve.ts';
