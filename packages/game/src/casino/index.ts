export * from './chips.ts';
