export * from './friendship.ts';
export * from './messages.ts';
export * from './username.ts';
export * from './presence.ts';
export * from './texts.ts';
