export * from './roll.ts';
