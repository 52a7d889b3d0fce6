// leveling.ts is exported from src/index.ts directly; it is not repeated here.
export * from './appearance.ts';
export * from './attributePoints.ts';
export * from './newCharacter.ts';
export * from './preview.ts';
export * from './edit.ts';
export * from './status.ts';
