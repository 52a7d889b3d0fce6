export * from './gift.ts';
