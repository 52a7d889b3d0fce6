export * from './state.ts';
export * from './unlock.ts';
export * from './reset.ts';
export * from './bonuses.ts';
export * from './texts.ts';
