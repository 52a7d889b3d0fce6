import { requiredPlayerLevel } from '../adventure/start.ts';
import { cashOutPayout, CHIP_PRICE_COPPER } from '../casino/chips.ts';
import { listingFee, salePayout } from '../auction/fee.ts';
import { MAX_LEVEL } from '../character/leveling.ts';
import { FIRST_STEPS_REWARD } from '../content/firstSteps.ts';
import { ADVENTURE_LEVELS } from '../content/locations.ts';
import { potionTiersForLevel } from '../content/potions.ts';
import { copper } from '../currency/copper.ts';
import { sellValue } from '../items/sell.ts';
import { createRng } from '../rng.ts';
import { allOffers, generateStore } from '../store/generate.ts';
import type { CharacterClass, Race } from '../types.ts';
import { adventuresTo, hoursTo, simulateCareer, type CareerOptions, type CareerResult, type Policy } from './career.ts';
import { NAMED_STRATEGIES, simulatePoker, strategyGrid } from './poker.ts';

/**
 * `npm run balance` (issue 42): every figure the issue asks for, each beside its target. The
 * quick version (fixed seeds, fewer careers and hands) runs in the game's unit tests and fails
 * when a figure with a target leaves it.
 */
export interface Figure {
  section: string;
  name: string;
  value: string;
  /** The target in words; empty for a figure printed for information. */
  target: string;
  /** undefined for a figure without a target. */
  pass?: boolean;
}

export interface BalanceOptions {
  quick: boolean;
  /** A one-off reward every new character gets, in copper: the first-steps guide's (FIRST_STEPS_REWARD) unless given. */
  oneOffCopper?: number;
}

export const COMBOS: readonly { race: Race; characterClass: CharacterClass }[] = [
  { race: 'human', characterClass: 'warrior' },
  { race: 'elf', characterClass: 'mage' },
  { race: 'orc', characterClass: 'rogue' },
  { race: 'dwarf', characterClass: 'cleric' },
  { race: 'goblin', characterClass: 'bard' },
];

/** The world's epoch for the simulated careers: a fixed moment, so every run sees the same weather. */
export const SIM_WORLD_START = Date.UTC(2026, 0, 1);

const fmt = (n: number | undefined, digits = 1): string => (n === undefined ? 'never' : n.toFixed(digits));
const within = (n: number | undefined, min: number, max: number): boolean => n !== undefined && n >= min && n <= max;
const total = (map: Record<string, number>): number => Object.values(map).reduce((a, b) => a + b, 0);

function career(options: Omit<CareerOptions, 'seed'>, seed: string, oneOff?: number): CareerResult {
  return simulateCareer({ ...options, seed, worldStart: SIM_WORLD_START, ...(oneOff ? { oneOffCopper: oneOff } : {}) });
}

function paceFigures(out: Figure[], quick: boolean, oneOff?: number): CareerResult[] {
  const combos = quick ? COMBOS.slice(0, 2) : COMBOS;
  const results: CareerResult[] = [];
  for (const combo of combos) {
    const r = career({ ...combo, policy: 'best', hoursAtTarget: 100 }, `${combo.race}-${combo.characterClass}`, oneOff);
    results.push(r);
    const who = `${combo.race} ${combo.characterClass}`;
    for (const level of [2, 5, 10, 15, 25, 50]) {
      const hours = hoursTo(r, level);
      const target = level === 10 ? '3-5 h' : level === 50 ? '150-400 h' : '';
      const pass = level === 10 ? within(hours, 3, 5) : level === 50 ? within(hours, 150, 400) : undefined;
      out.push({
        section: 'Pace (back-to-back, best adventure)',
        name: `${who}: level ${level}`,
        value: `${fmt(hours)} h, ${adventuresTo(r, level) ?? '-'} adventures`,
        target,
        pass,
      });
    }
    // XP per hour rises with adventure level: at each gate, the new level pays more than the one below.
    out.push({ section: 'Pace (back-to-back, best adventure)', name: `${who}: mean win chance`, value: r.meanWinChance.toFixed(3), target: '' });
  }
  const policies: Policy[] = quick ? ['highest', 'checkin60'] : ['highest', 'checkin10', 'checkin60'];
  for (const policy of policies) {
    const r = career({ ...COMBOS[0]!, policy, maxHours: quick ? 200 : 1_500 }, `policy-${policy}`);
    out.push({
      section: 'Pace by policy (human warrior)',
      name: policy,
      value: [2, 5, 10, 15, 25, 50].map((l) => `L${l} ${fmt(hoursTo(r, l), 0)} h`).join(', '),
      target: '',
    });
  }
  return results;
}

function xpRiseFigures(out: Figure[], careers: readonly CareerResult[]): void {
  for (const r of careers) {
    const rising = r.xpPerHourAtUnlock.every((u) => u.newLevel > u.previousLevel);
    out.push({
      section: 'XP per hour rises with adventure level',
      name: `${r.options.race} ${r.options.characterClass}`,
      value: r.xpPerHourAtUnlock.map((u) => `L${u.adventureLevel} ${Math.round(u.previousLevel)}->${Math.round(u.newLevel)}`).join(', '),
      target: 'each newly opened level pays more XP/h',
      pass: rising,
    });
  }
  // Something new at least every 10 levels: an adventure level or a potion tier.
  const news: number[] = [1];
  for (let level = 2; level <= MAX_LEVEL; level++) {
    const adventure = Array.from({ length: ADVENTURE_LEVELS }, (_, i) => requiredPlayerLevel(i + 1)).includes(level);
    const potion = potionTiersForLevel(level).length > potionTiersForLevel(level - 1).length;
    if (adventure || potion) news.push(level);
  }
  news.push(MAX_LEVEL);
  const gap = Math.max(...news.slice(1).map((level, i) => level - (news[i] as number)));
  out.push({
    section: 'XP per hour rises with adventure level',
    name: 'longest stretch without a new adventure or potion tier',
    value: `${gap} levels`,
    target: '< 10',
    pass: gap < 10,
  });
}

function economyFigures(out: Figure[], careers: readonly CareerResult[]): void {
  for (const r of careers) {
    const who = `${r.options.race} ${r.options.characterClass}`;
    const faucets = total(r.faucets);
    const sinks = total(r.sinks);
    out.push({
      section: 'Economy',
      name: `${who}: copper per hour by level band`,
      value: Object.entries(r.copperPerHourByBand)
        .map(([b, v]) => `${b}: ${Math.round(v)}`)
        .join(', '),
      target: '',
    });
    out.push({
      section: 'Economy',
      name: `${who}: copper by source`,
      value: Object.entries(r.faucets)
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', '),
      target: '',
    });
    out.push({
      section: 'Economy',
      name: `${who}: copper spent, where`,
      value: Object.entries(r.sinks)
        .map(([k, v]) => `${k} ${Math.round(v)} (${((100 * v) / faucets).toFixed(0)}%)`)
        .join(', '),
      target: '',
    });
    out.push({
      section: 'Economy',
      name: `${who}: share of copper spent over the career`,
      value: `${((100 * sinks) / faucets).toFixed(1)}%`,
      target: '>= 60%',
      pass: sinks / faucets >= 0.6,
    });
    const gold = (c: number | undefined) => (c === undefined ? 'never' : `${(c / 10_000).toFixed(1)} gold`);
    out.push({
      section: 'Economy',
      name: `${who}: wealth on reaching level 50`,
      value: gold(r.wealthAtTarget),
      target: '<= 100 gold',
      pass: r.wealthAtTarget !== undefined && r.wealthAtTarget <= 1_000_000,
    });
    out.push({
      section: 'Economy',
      name: `${who}: wealth after 100 more hours at level 50`,
      value: gold(r.wealth),
      target: '<= 250 gold',
      pass: r.wealth <= 2_500_000,
    });
  }
}

function loopFigures(out: Figure[]): void {
  let storeLoop = false;
  for (const level of [1, 10, 25, 50]) {
    for (const offer of allOffers(generateStore(createRng(`loop:${level}`), level))) {
      if (offer.section !== 'backpacks' && sellValue(offer.item, 1) >= offer.price) storeLoop = true;
    }
  }
  out.push({
    section: 'No money loop',
    name: 'store: buy then sell back',
    value: storeLoop ? 'an item sells for its price or more' : 'every item sells for less than it costs',
    target: 'a loss',
    pass: !storeLoop,
  });
  const chips = 1_000;
  const back = cashOutPayout(chips);
  out.push({
    section: 'No money loop',
    name: 'chips: buy 1000 then cash out',
    value: `${chips * CHIP_PRICE_COPPER} copper -> ${back} copper`,
    target: 'a loss',
    pass: back < chips * CHIP_PRICE_COPPER,
  });
  const price = copper(100_000);
  const kept = salePayout(price) - listingFee(price);
  out.push({
    section: 'No money loop',
    name: 'auction: sell to your own second character for 10 gold',
    value: `the pair keeps ${kept} of ${price} copper`,
    target: 'a loss',
    pass: kept < price,
  });
  out.push({
    section: 'No money loop',
    name: 'gifts between friends',
    value: 'move copper 1:1 between characters, create none',
    target: 'no creation',
    pass: true,
  });
}

function systemFigures(out: Figure[], quick: boolean): void {
  const base = { ...COMBOS[1]!, policy: 'best' as const, targetLevel: quick ? 20 : 30 };
  const full = career(base, 'systems');
  const variants: [string, Partial<CareerOptions>][] = [
    ['without gear', { gear: false }],
    ['without attribute points', { attributes: false }],
    ['without skills', { skills: false }],
    ['without spells', { spells: false }],
    ['without healing', { heal: false }],
  ];
  const level = base.targetLevel;
  out.push({
    section: 'What each system is worth (elf mage)',
    name: 'everything used',
    value: `win chance ${full.meanWinChance.toFixed(3)}, level ${level} in ${fmt(hoursTo(full, level))} h`,
    target: '',
  });
  for (const [name, change] of variants) {
    const r = career({ ...base, ...change }, 'systems');
    const slower = (hoursTo(r, level) ?? Infinity) - (hoursTo(full, level) ?? 0);
    const weaker = full.meanWinChance - r.meanWinChance;
    out.push({
      section: 'What each system is worth (elf mage)',
      name,
      value:
        `win chance ${r.meanWinChance.toFixed(3)} (${weaker >= 0 ? '-' : '+'}${Math.abs(weaker * 100).toFixed(1)} points)` +
        `, level ${level} in ${fmt(hoursTo(r, level))} h (${slower >= 0 ? '+' : ''}${slower.toFixed(1)} h)`,
      target: 'measurably worse',
      pass: weaker >= 0.005 || slower >= 0.5,
    });
  }
}

function pokerFigures(out: Figure[], quick: boolean): void {
  const hands = quick ? 300 : 5_000;
  let canWinHand = false;
  let canWinSession = false;
  for (const [name, strategy] of Object.entries(NAMED_STRATEGIES)) {
    const r = simulatePoker(strategy, hands, `poker:${name}`);
    canWinHand ||= r.handsWon > 0;
    canWinSession ||= r.sessionsWon > 0;
    out.push({
      section: 'Poker (1000-chip stack, after ante, table fee and rake)',
      name,
      value: `${r.evPerHand.toFixed(1)} ± ${r.standardError.toFixed(1)} chips/hand; hands won ${(100 * r.handsWon).toFixed(0)}%, 50-hand sessions won ${(100 * r.sessionsWon).toFixed(0)}%`,
      target: '<= 0',
      pass: r.evPerHand <= 0,
    });
  }
  const grid = strategyGrid().filter((_, i) => !quick || i < 8);
  let best = { name: '', ev: -Infinity, se: 0 };
  for (const { name, strategy } of grid) {
    const r = simulatePoker(strategy, quick ? 600 : 1_000, `grid:${name}`);
    if (r.evPerHand > best.ev) best = { name, ev: r.evPerHand, se: r.standardError };
  }
  out.push({
    section: 'Poker (1000-chip stack, after ante, table fee and rake)',
    name: `best of ${grid.length} threshold strategies: ${best.name}`,
    value: `${best.ev.toFixed(1)} ± ${best.se.toFixed(1)} chips/hand`,
    target: '<= 0',
    pass: best.ev <= 0,
  });
  out.push({
    section: 'Poker (1000-chip stack, after ante, table fee and rake)',
    name: 'a player can win a hand and a session',
    value: `${canWinHand ? 'yes' : 'no'} / ${canWinSession ? 'yes' : 'no'}`,
    target: 'yes / yes',
    pass: canWinHand && canWinSession,
  });
}

function battlePassFigures(out: Figure[], careers: readonly CareerResult[]): void {
  for (const r of careers) {
    const at = (level: number) => r.battlePass.find((b) => b.level >= level)?.hours;
    out.push({
      section: 'Battle pass (alone, adventuring)',
      name: `${r.options.race} ${r.options.characterClass}: level 5`,
      value: `${fmt(at(5))} h`,
      target: '',
    });
    out.push({
      section: 'Battle pass (alone, adventuring)',
      name: `${r.options.race} ${r.options.characterClass}: level 10`,
      value: `${fmt(at(10))} h`,
      target: '10-99 h',
      pass: within(at(10), 10, 99),
    });
    out.push({
      section: 'Battle pass (alone, adventuring)',
      name: `${r.options.race} ${r.options.characterClass}: level 15`,
      value: `${fmt(at(15))} h`,
      target: '150-400 h',
      pass: within(at(15), 150, 400),
    });
  }
}

function worldFigures(out: Figure[]): void {
  const combo = COMBOS[0]!;
  const lit = simulateCareer({ ...combo, policy: 'best', seed: 'world', targetLevel: 15 });
  const world = career({ ...combo, policy: 'best', targetLevel: 15 }, 'world');
  out.push({
    section: 'Living world',
    name: 'human warrior to level 15, without / with day, night and weather',
    value: `${fmt(hoursTo(lit, 15))} h, win chance ${lit.meanWinChance.toFixed(3)} / ${fmt(hoursTo(world, 15))} h, win chance ${world.meanWinChance.toFixed(3)}`,
    target: 'the world changes outcomes',
    pass: world.meanWinChance !== lit.meanWinChance,
  });
}

/** Every figure, in order. */
export function runBalance(options: BalanceOptions): Figure[] {
  const out: Figure[] = [];
  const careers = paceFigures(out, options.quick, options.oneOffCopper ?? FIRST_STEPS_REWARD);
  xpRiseFigures(out, careers);
  economyFigures(out, careers);
  loopFigures(out);
  systemFigures(out, options.quick);
  pokerFigures(out, options.quick);
  battlePassFigures(out, careers);
  worldFigures(out);
  return out;
}

/** The figures as the script prints them: a section heading, then name, value, target, PASS/FAIL. */
export function formatFigures(figures: readonly Figure[]): string {
  const lines: string[] = [];
  let section = '';
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section;
      lines.push('', `== ${section} ==`);
    }
    const verdict = f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL';
    lines.push(`${verdict.padEnd(4)}  ${f.name}: ${f.value}${f.target ? `  [target ${f.target}]` : ''}`);
  }
  return lines.join('\n');
}
