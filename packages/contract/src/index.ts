export * from './characters.ts';
