import { requiredPlayerLevel, startAdventure } from '../adventure/start.ts';
import { completeAdventure } from '../adventure/complete.ts';
import { rewardRange, XP_BASE } from '../adventure/rewards.ts';
import { adventureDuration } from '../adventure/duration.ts';
import { availableAttributePoints, upgradeAttribute } from '../character/attributePoints.ts';
import { startingAttributes } from '../character/newCharacter.ts';
import { MAX_LEVEL } from '../character/leveling.ts';
import { combatStatsOf, winChance } from '../combat/winChance.ts';
import { enemyFor } from '../content/enemies.ts';
import { foodPrice } from '../content/food.ts';
import { ADVENTURE_LEVELS, LOCATIONS, type LocationId } from '../content/locations.ts';
import { potionTiersForLevel, storePotion } from '../content/potions.ts';
import { skillTreeOf } from '../content/skillTrees.ts';
import { RuleError } from '../errors.ts';
import { consume } from '../items/consume.ts';
import { gearTotals, maxHealthWithGear } from '../items/stats.ts';
import { sellValue } from '../items/sell.ts';
import { createRng, type Rng } from '../rng.ts';
import { castSpell } from '../spells/cast.ts';
import { NO_SPELL_EFFECTS, type SpellEffects } from '../spells/effects.ts';
import { skillBonuses } from '../skills/bonuses.ts';
import { unlockSkill } from '../skills/unlock.ts';
import { generateStore } from '../store/generate.ts';
import { STORE_WINDOW_HOURS } from '../store/window.ts';
import { BIOMES, type Attributes, type CharacterClass, type FoodItem, type GearItem, type GearSlot, type PotionItem, type Race } from '../types.ts';
import { levelForPoints } from '../achievements/level.ts';
import { applyEvents, type Counters } from '../achievements/counters.ts';
import { newlyUnlocked } from '../achievements/evaluate.ts';
import type { AchievementEvent } from '../achievements/events.ts';
import { worldAt } from '../world/clock.ts';

/**
 * The balance simulation (issue 42): a simulated player who only calls the rules of this
 * package with its seeded Rng. One career: create a character, adventure under a policy,
 * spend attribute and skill points, equip better drops, buy better store gear, heal before
 * setting out, sell loot; every copper is booked by source and by sink.
 */
export type Policy = 'best' | 'highest' | 'checkin10' | 'checkin60';

export interface CareerOptions {
  race: Race;
  characterClass: CharacterClass;
  policy: Policy;
  seed: number | string;
  /** Stop at this level (default MAX_LEVEL) or after this many hours of play. */
  targetLevel?: number;
  maxHours?: number;
  /** Systems a player uses; all true by default. */
  gear?: boolean;
  attributes?: boolean;
  skills?: boolean;
  spells?: boolean;
  /** Heals (potions, food, the heal spell) before setting out. */
  heal?: boolean;
  /** Hours to keep playing once at the target level (to see whether wealth stays bounded). */
  hoursAtTarget?: number;
  /** Plays in the living world (world/clock.ts) from this epoch ms; no world when absent. */
  worldStart?: number;
  /** A one-off reward (a guide's, a starter gift) in copper, booked as its own faucet. */
  oneOffCopper?: number;
}

export interface LevelMark {
  level: number;
  hours: number;
  adventures: number;
}

export interface CareerResult {
  options: CareerOptions;
  /** Hours and adventures when each level was first reached. */
  marks: LevelMark[];
  hours: number;
  adventures: number;
  wins: number;
  level: number;
  /** True when the character could not set out (wounded, no copper to heal). */
  stuck: boolean;
  faucets: Record<string, number>;
  sinks: Record<string, number>;
  /** Copper held at the end, and on reaching the target level. */
  wealth: number;
  wealthAtTarget: number | undefined;
  /** Copper earned per hour by band of player level (1-9, 10-19, ...). */
  copperPerHourByBand: Record<string, number>;
  /** Mean win chance of the adventures played. */
  meanWinChance: number;
  /** Achievement points (a player alone, adventuring) and when they came. */
  pointsTimeline: { points: number; hours: number }[];
  /** At each adventure level's gate: the best XP/h (over the lands) of that level and of the one below. */
  xpPerHourAtUnlock: { adventureLevel: number; previousLevel: number; newLevel: number }[];
  /** Battle-pass level reached at each hour mark, from the achievements a player alone earns adventuring. */
  battlePass: { level: number; hours: number }[];
}

interface Sim {
  rng: Rng;
  level: number;
  xp: number;
  copper: number;
  attributes: Attributes;
  spent: Record<string, number>;
  unlocked: string[];
  skillPoints: number;
  equipped: Partial<Record<GearSlot, GearItem>>;
  effects: SpellEffects;
  characterClass: CharacterClass;
  hours: number;
  faucets: Record<string, number>;
  sinks: Record<string, number>;
  counters: Counters;
  achieved: Set<string>;
  points: number;
}

/** How a player weighs a piece of gear: its fighting stats, health at half. */
export function gearScore(item: Pick<GearItem, 'stats'>): number {
  const s = item.stats;
  return (s.attack ?? 0) + (s.defense ?? 0) + (s.speed ?? 0) * 2 + (s.health ?? 0) / 2;
}

const PRIMARY: Readonly<Record<CharacterClass, 'strength' | 'dexterity' | 'intelligence'>> = {
  warrior: 'strength',
  paladin: 'strength',
  berserker: 'strength',
  monk: 'dexterity',
  rogue: 'dexterity',
  ranger: 'dexterity',
  bard: 'dexterity',
  mage: 'intelligence',
  necromancer: 'intelligence',
  summoner: 'intelligence',
  cleric: 'intelligence',
  alchemist: 'intelligence',
};

function book(map: Record<string, number>, key: string, amount: number): void {
  map[key] = (map[key] ?? 0) + amount;
}

function equippedList(sim: Sim): GearItem[] {
  return Object.values(sim.equipped).filter((g): g is GearItem => g !== undefined);
}

function maxHealth(sim: Sim): number {
  return maxHealthWithGear(sim.attributes, gearTotals(equippedList(sim)));
}

function snapshot(sim: Sim, options: CareerOptions) {
  return {
    level: sim.level,
    xp: sim.xp,
    characterClass: sim.characterClass,
    attributes: sim.attributes,
    equipped: options.gear === false ? [] : equippedList(sim),
    effects: sim.effects,
    skills: options.skills === false ? undefined : skillBonuses(sim.characterClass, sim.unlocked),
  };
}

/** The expected XP per hour of an adventure for this character, with its check-in rounding. */
export function expectedXpPerHour(sim: Sim, options: CareerOptions, location: LocationId, level: number): number {
  const enemy = enemyFor(location, level);
  if (!enemy) return 0;
  const chance = winChance(combatStatsOf(snapshot(sim, options)), enemy);
  const [min, max] = rewardRange(XP_BASE[level - 1] as number, LOCATIONS[location].rewardMultiplier);
  const minutes = elapsedMinutes(options.policy, adventureDuration(level, snapshot(sim, options).equipped).durationMs / 60_000);
  return (chance * (min + max)) / 2 / (minutes / 60);
}

/** Minutes between two starts: the adventure itself, rounded up to the next check-in. */
export function elapsedMinutes(policy: Policy, minutes: number): number {
  if (policy === 'checkin10') return Math.ceil(minutes / 10) * 10;
  if (policy === 'checkin60') return Math.ceil(minutes / 60) * 60;
  return minutes;
}

function chooseAdventure(sim: Sim, options: CareerOptions): { location: LocationId; level: number } {
  let best = { location: 'forest' as LocationId, level: 1, value: -1 };
  let top = 1;
  for (let level = 1; level <= ADVENTURE_LEVELS; level++) if (sim.level >= requiredPlayerLevel(level)) top = level;
  for (let level = options.policy === 'highest' ? top : 1; level <= top; level++) {
    for (const location of BIOMES) {
      const value = expectedXpPerHour(sim, options, location, level);
      if (value > best.value) best = { location, level, value };
    }
  }
  return best;
}

/** The cheapest health a character of this level can buy: store potions or common food. */
function cheapestHealing(level: number): PotionItem | FoodItem {
  const options: (PotionItem | FoodItem)[] = potionTiersForLevel(level).map((tier) => storePotion('health', tier));
  const restore = 10;
  options.push({ kind: 'food', name: 'Bread', tier: 'common', description: '', healthRestore: restore, price: foodPrice(restore, 'common') });
  const perPoint = (item: PotionItem | FoodItem) => item.price / (item.kind === 'food' ? item.healthRestore : item.potency);
  return options.reduce((a, b) => (perPoint(b) < perPoint(a) ? b : a));
}

function heal(sim: Sim, options: CareerOptions): void {
  const cap = maxHealth(sim);
  if (options.spells !== false) {
    for (;;) {
      if (sim.attributes.currentHealth >= cap) break;
      try {
        const cast = castSpell({ ...sim.attributes, maxHealth: cap, effects: sim.effects }, 'heal');
        sim.attributes = { ...sim.attributes, currentHealth: cast.state.currentHealth, currentMana: cast.state.currentMana };
      } catch (error) {
        if (error instanceof RuleError) break;
        throw error;
      }
    }
  }
  const item = cheapestHealing(sim.level);
  while (sim.attributes.currentHealth < cap && sim.copper >= item.price) {
    sim.copper -= item.price;
    book(sim.sinks, item.kind === 'food' ? 'food' : 'potions', item.price);
    sim.attributes = consume(sim.attributes, item, { maxHealth: cap }).attributes;
  }
}

function castAttackSpell(sim: Sim): void {
  for (const spell of ['fireball', 'lightning', 'frostbolt', 'shield']) {
    try {
      const cast = castSpell({ ...sim.attributes, effects: sim.effects }, spell);
      sim.attributes = { ...sim.attributes, currentMana: cast.state.currentMana };
      sim.effects = cast.state.effects;
      return;
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
}

function spendPoints(sim: Sim, options: CareerOptions): void {
  if (options.attributes !== false) {
    let state = { level: sim.level, attributes: sim.attributes, spentAttributePoints: sim.spent };
    const primary = PRIMARY[sim.characterClass];
    let turn = 0;
    while (availableAttributePoints(state) > 0) {
      state = upgradeAttribute(state, turn++ % 3 === 2 ? 'constitution' : primary).state;
    }
    sim.attributes = state.attributes;
    sim.spent = state.spentAttributePoints;
  }
  const tree = skillTreeOf(sim.characterClass);
  if (options.skills !== false && tree) {
    let state = { characterClass: sim.characterClass, skillPoints: sim.skillPoints, unlocked: sim.unlocked };
    for (let progress = true; progress && state.skillPoints > 0;) {
      progress = false;
      for (const node of tree.nodes) {
        try {
          state = unlockSkill(state, node.id).state;
          progress = true;
        } catch (error) {
          if (!(error instanceof RuleError)) throw error;
        }
      }
    }
    sim.skillPoints = state.skillPoints;
    sim.unlocked = state.unlocked;
  }
}

function offerGear(sim: Sim, item: GearItem): boolean {
  const current = sim.equipped[item.slot];
  if (!current || gearScore(item) > gearScore(current)) {
    if (current) sellItem(sim, current, 'gear sales');
    sim.equipped[item.slot] = item;
    return true;
  }
  return false;
}

function sellItem(sim: Sim, item: Parameters<typeof sellValue>[0], source: string, quantity = 1): void {
  const value = sellValue(item, quantity);
  sim.copper += value;
  book(sim.faucets, source, value);
  record(sim, { type: 'item-sold', copper: value });
}

/** Visits the store once per level: buys each gear offer that beats what is worn, keeping a healing reserve. */
function shop(sim: Sim, options: CareerOptions, seed: string): void {
  if (options.gear === false) return;
  const stock = generateStore(createRng(seed), sim.level);
  for (const offer of stock.gear) {
    const current = sim.equipped[offer.item.slot];
    if (current && gearScore(offer.item) <= gearScore(current)) continue;
    if (sim.copper < offer.price * 2) continue;
    sim.copper -= offer.price;
    book(sim.sinks, 'store gear', offer.price);
    offerGear(sim, offer.item);
    record(sim, { type: 'store-bought' });
  }
}

function record(sim: Sim, event: AchievementEvent): void {
  sim.counters = applyEvents(sim.counters, [event]);
  for (const achievement of newlyUnlocked(sim.counters, sim.achieved)) {
    sim.achieved.add(achievement.id);
    sim.points += achievement.points;
  }
}

function bandOf(level: number): string {
  if (level < 10) return '1-9';
  const low = Math.floor(level / 10) * 10;
  return low >= 50 ? '50' : `${low}-${low + 9}`;
}

/** Plays one career to its target level or hour limit. */
export function simulateCareer(options: CareerOptions): CareerResult {
  const rng = createRng(options.seed);
  const attributes = startingAttributes(options.race, options.characterClass);
  const sim: Sim = {
    rng,
    level: 1,
    xp: 0,
    copper: options.oneOffCopper ?? 0,
    attributes,
    spent: {},
    unlocked: [],
    skillPoints: 0,
    equipped: {},
    effects: NO_SPELL_EFFECTS,
    characterClass: options.characterClass,
    hours: 0,
    faucets: {},
    sinks: {},
    counters: {},
    achieved: new Set(),
    points: 0,
  };
  if (options.oneOffCopper) book(sim.faucets, 'one-off rewards', options.oneOffCopper);
  const target = options.targetLevel ?? MAX_LEVEL;
  const maxHours = options.maxHours ?? 2_000;
  const marks: LevelMark[] = [{ level: 1, hours: 0, adventures: 0 }];
  const bandCopper: Record<string, number> = {};
  const bandHours: Record<string, number> = {};
  const battlePass: { level: number; hours: number }[] = [];
  const xpPerHourAtUnlock: CareerResult['xpPerHourAtUnlock'] = [];
  const pointsTimeline: { points: number; hours: number }[] = [];
  let adventures = 0;
  let wins = 0;
  let chanceSum = 0;
  let stuck = false;
  let window = 0;
  let capHours: number | undefined;
  let wealthAtTarget: number | undefined;
  for (;;) {
    if (sim.level >= target) {
      if (capHours === undefined) {
        capHours = sim.hours;
        wealthAtTarget = sim.copper;
      }
      if (sim.hours - capHours >= (options.hoursAtTarget ?? 0)) break;
    }
    if (sim.hours >= maxHours) break;
    const currentWindow = Math.floor(sim.hours / STORE_WINDOW_HOURS);
    if (currentWindow > window) {
      window = currentWindow;
      shop(sim, options, `${String(options.seed)}:store:${window}`);
    }
    if (options.heal !== false) heal(sim, options);
    if (options.spells !== false) castAttackSpell(sim);
    const choice = chooseAdventure(sim, options);
    const snap = snapshot(sim, options);
    let started;
    try {
      started = startAdventure({ level: sim.level, busy: false, equipped: snap.equipped }, choice, 0);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      stuck = true;
      break;
    }
    const conditions = options.worldStart === undefined ? undefined : worldAt(options.worldStart + sim.hours * 3_600_000).lands[choice.location];
    const outcome = completeAdventure({ ...snap, copper: sim.copper }, { ...choice, ...(conditions ? { conditions } : {}) }, rng);
    sim.copper -= outcome.upkeep;
    book(sim.sinks, 'gear upkeep', outcome.upkeep);
    const hours = elapsedMinutes(options.policy, started.durationMs / 60_000) / 60;
    const band = bandOf(sim.level);
    sim.hours += hours;
    record(sim, { type: 'played', seconds: Math.round(hours * 3600), localHour: null });
    book(bandHours, band, hours);
    adventures += 1;
    chanceSum += outcome.winChance;
    sim.attributes = outcome.attributes;
    sim.effects = outcome.effects;
    sim.xp = outcome.xp;
    record(sim, {
      type: 'adventure-completed',
      location: choice.location,
      level: choice.level,
      won: outcome.won,
      enemiesDefeated: outcome.won ? 1 : 0,
      discovery: null,
    });
    if (outcome.won) {
      wins += 1;
      sim.copper += outcome.copperGained;
      book(sim.faucets, 'adventures', outcome.copperGained);
      book(bandCopper, band, outcome.copperGained);
      for (const { item, quantity } of outcome.items) {
        if (item.tier !== 'common') record(sim, { type: 'item-obtained', tier: item.tier });
        if (item.kind === 'gear' && options.gear !== false && offerGear(sim, item)) continue;
        const before = sim.copper;
        sellItem(sim, item, item.kind === 'gear' ? 'gear sales' : 'loot sales', quantity);
        book(bandCopper, band, sim.copper - before);
      }
    }
    if (outcome.levelsGained > 0) {
      for (let level = sim.level + 1; level <= outcome.level; level++) {
        marks.push({ level, hours: sim.hours, adventures });
        record(sim, { type: 'level-reached', level });
      }
      sim.skillPoints += outcome.levelsGained;
      sim.level = outcome.level;
      spendPoints(sim, options);
      for (let level = 2; level <= ADVENTURE_LEVELS; level++) {
        if (requiredPlayerLevel(level) !== sim.level) continue;
        const best = (l: number) => Math.max(...BIOMES.map((location) => expectedXpPerHour(sim, options, location, l)));
        xpPerHourAtUnlock.push({ adventureLevel: level, previousLevel: best(level - 1), newLevel: best(level) });
      }
      shop(sim, options, `${String(options.seed)}:store:${window}:${sim.level}`);
      if (options.gear !== false) record(sim, { type: 'gear-equipped', equipped: equippedList(sim).map((g) => ({ slot: g.slot, tier: g.tier })) });
    }
    if (sim.points !== (pointsTimeline.at(-1)?.points ?? 0)) pointsTimeline.push({ points: sim.points, hours: sim.hours });
    const passLevel = levelForPoints(sim.points);
    if (passLevel > (battlePass.at(-1)?.level ?? 0)) battlePass.push({ level: passLevel, hours: sim.hours });
  }
  const copperPerHourByBand: Record<string, number> = {};
  for (const band of Object.keys(bandHours)) copperPerHourByBand[band] = (bandCopper[band] ?? 0) / (bandHours[band] as number);
  return {
    options,
    marks,
    hours: sim.hours,
    adventures,
    wins,
    level: sim.level,
    stuck,
    faucets: sim.faucets,
    sinks: sim.sinks,
    wealth: sim.copper,
    wealthAtTarget,
    copperPerHourByBand,
    meanWinChance: adventures ? chanceSum / adventures : 0,
    battlePass,
    pointsTimeline,
    xpPerHourAtUnlock,
  };
}

/** Hours to reach `level` in a career, or undefined when it was not reached. */
export function hoursTo(result: CareerResult, level: number): number | undefined {
  return result.marks.find((m) => m.level === level)?.hours;
}

export function adventuresTo(result: CareerResult, level: number): number | undefined {
  return result.marks.find((m) => m.level === level)?.adventures;
}
