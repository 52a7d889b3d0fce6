export * from './complete.ts';
export * from './away.ts';
