export * from './totalXp.ts';
