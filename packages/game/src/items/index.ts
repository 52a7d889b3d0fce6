export * from './consume.ts';
export * from './equip.ts';
export * from './gearFactory.ts';
export * from './sell.ts';
export * from './stack.ts';
export * from './stats.ts';
export * from './place.ts';
export * from './potionChoice.ts';
