export * from './movements.ts';
