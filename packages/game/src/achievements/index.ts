export * from './events.ts';
export * from './counters.ts';
export * from './evaluate.ts';
export * from './level.ts';
export * from './discovery.ts';
export * from './localHour.ts';
export * from './transfers.ts';
export * from './claim.ts';
