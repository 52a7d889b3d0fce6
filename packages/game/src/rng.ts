/**
 * A seeded pseudo-random generator (sfc32 seeded through splitmix32).
 * Rules never use an unseeded platform random: they take an Rng argument, so a seed and the
 * inputs replay a fight, a drop or a poker hand exactly.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new list with the same elements in a random order. */
  shuffle<T>(items: readonly T[]): T[];
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** The generator's whole state: four 32-bit words (128 bits). */
export type RngState = readonly [number, number, number, number];

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Hashes a string into a full 128-bit generator state. Four lanes, each fed every
 * character and its neighbour lane, then finalised together, so the state depends on
 * all of the input (security: a seed of 128 random bits gives a state that cannot be
 * searched, unlike a seed folded down to 32 bits).
 */
export function stateFrom(text: string): RngState {
  let h1 = 0x9e3779b9;
  let h2 = 0x243f6a88;
  let h3 = 0xb7e15162;
  let h4 = 0x85a308d3;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ k, 0x01000193) + (h4 >>> 7);
    h2 = Math.imul(h2 ^ k, 0x5bd1e995) + (h1 >>> 11);
    h3 = Math.imul(h3 ^ k, 0x27d4eb2f) + (h2 >>> 13);
    h4 = Math.imul(h4 ^ k, 0x165667b1) + (h3 >>> 17);
  }
  const n = text.length;
  h1 = fmix32(h1 ^ n);
  h2 = fmix32(h2 ^ h1);
  h3 = fmix32(h3 ^ h2);
  h4 = fmix32(h4 ^ h3);
  h1 = fmix32(h1 ^ h4);
  return [h1, h2, h3, h4];
}

/**
 * A generator from a seed: a number (tests, 32 bits through splitmix32), a string
 * (hashed into the full 128-bit state: pass at least 128 random bits for anything a
 * player must not predict), or a state itself.
 */
export function createRng(seed: number | string | RngState): Rng {
  let a: number;
  let b: number;
  let c: number;
  let d: number;
  if (typeof seed === 'number') {
    const init = splitmix32(seed);
    [a, b, c, d] = [init(), init(), init(), init()];
  } else {
    const state = typeof seed === 'string' ? stateFrom(seed) : seed;
    [a, b, c, d] = [state[0] >>> 0, state[1] >>> 0, state[2] >>> 0, state[3] >>> 0];
    // An all-zero state would only ever be left by the counter: nudge it.
    if ((a | b | c | d) === 0) d = 1;
  }
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();

  const rng: Rng = {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError(`rng.int needs integers with min <= max, got ${min}..${max}`);
      }
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(probability) {
      return next() < probability;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('rng.pick needs a non-empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = tmp;
      }
      return out;
    },
  };
  return rng;
}
