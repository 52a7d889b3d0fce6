export * from './chat.ts';
export * from './posts.ts';
export * from '../content/emojis.ts';
export * from './moderation.ts';
