import { randomBytes } from 'node:crypto';

/**
 * Random bits are drawn from the system in 4 KB blocks and handed out 16 bytes at a time, as
 * Node's own randomUUID does: a draw per seed was ~2% of a console line's CPU (docs/performance.md,
 * "The console line").
 */
const BLOCK_BYTES = 4096;
const SEED_BYTES = 16;
let block = Buffer.alloc(0);
let next = 0;

/** 128 random bits, hex: the seed of a roll, a chest, a deck or an adventure (anything a player must not predict). */
export function secretSeed(): string {
  if (next + SEED_BYTES > block.length) {
    block = randomBytes(BLOCK_BYTES);
    next = 0;
  }
  const seed = block.toString('hex', next, next + SEED_BYTES);
  next += SEED_BYTES;
  return seed;
}
