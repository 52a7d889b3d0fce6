export * from './regen.ts';
