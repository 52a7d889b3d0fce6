export * from './clock.ts';
