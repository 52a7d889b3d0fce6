export * from './auth.ts';
export * from './characters.ts';
export * from './users.ts';
export * from './gameplay.ts';
export * from './community.ts';
export * from './achievements.ts';
export * from './social.ts';
export * from './auction.ts';
