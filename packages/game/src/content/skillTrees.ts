import type { CharacterClass } from '../types.ts';

/**
 * Spec 03 §3 "Skill node" and the mage, warrior and rogue trees, as data. Each tree has
 * 19 nodes: its root, three paths of five (each node needs the one before it; the first
 * needs the root) and three cross-branch nodes that need one node of each of two paths.
 * The mage's two cross-branch nodes are the spec's; the third, and the warrior's and the
 * rogue's, follow the same pattern (docs/decisions/progression.md, "Skill trees").
 *
 * What an unlocked node does (docs/decisions/progression.md, "Skill trees"): a Passive adds to the
 * character's combat stats; an Active or an Ultimate is used in every fight and adds to
 * the adventure win chance. See skills/bonuses.ts.
 */

export const SKILL_TREE_CLASSES = ['mage', 'warrior', 'rogue'] as const;
export type SkillTreeClass = (typeof SKILL_TREE_CLASSES)[number];

export const SKILL_TYPES = ['Active', 'Passive', 'Ultimate'] as const;
export type SkillType = (typeof SKILL_TYPES)[number];

/** The stats a Passive raises, and the win chance an Active or Ultimate adds (0.01 = 1 point). */
export interface SkillBonus {
  attack?: number;
  defense?: number;
  speed?: number;
  magicPower?: number;
  winChance?: number;
}

export interface SkillNode {
  id: string;
  name: string;
  type: SkillType;
  description: string;
  manaCost?: number;
  /** Seconds. */
  cooldown?: number;
  damage?: number;
  /** Skill ids that must be unlocked first (empty for the root). */
  requirements: readonly string[];
  /** 'root', one of the tree's three path names, or 'cross' for a cross-branch node. */
  path: string;
  /** Grid position: x 0-6 across (the three paths at 1, 3 and 5), y 0-6 down (the root at 0). */
  position: { x: number; y: number };
  bonus: SkillBonus;
}

export interface SkillLink {
  from: string;
  to: string;
}

export interface SkillTree {
  characterClass: SkillTreeClass;
  /** '{Class}' of the heading '{Class} Skill Tree'. */
  name: string;
  root: string;
  /** The three path names, left to right as drawn. */
  paths: readonly [string, string, string];
  nodes: readonly SkillNode[];
  /** Every prerequisite as a from/to pair (spec 03 §3). */
  links: readonly SkillLink[];
}

/** What each node type does when unlocked (docs/decisions/progression.md, "Skill trees"). */
export const ACTIVE_WIN_CHANCE = 0.01;
export const ULTIMATE_WIN_CHANCE = 0.02;

interface Spec {
  id: string;
  name: string;
  type: SkillType;
  description: string;
  manaCost?: number;
  cooldown?: number;
  damage?: number;
  /** Passives only: the stats they raise. */
  stats?: Omit<SkillBonus, 'winChance'>;
}

type Path = readonly [Spec, Spec, Spec, Spec, Spec];

interface TreeSpec {
  characterClass: SkillTreeClass;
  name: string;
  root: Spec;
  /** Drawn left, centre, right. The centre path is the one two cross-branch nodes share. */
  left: { name: string; nodes: Path };
  centre: { name: string; nodes: Path };
  right: { name: string; nodes: Path };
  /** Needs centre #3 and left #3; drawn between left and centre. */
  crossLeft: Spec;
  /** Needs right #2 and centre #1; drawn between centre and right. */
  crossRight: Spec;
  /** Needs left #4 and right #4; drawn below the centre path. */
  crossBottom: Spec;
}

function bonusOf(spec: Spec): SkillBonus {
  if (spec.type === 'Passive') return { ...spec.stats };
  return { winChance: spec.type === 'Ultimate' ? ULTIMATE_WIN_CHANCE : ACTIVE_WIN_CHANCE };
}

function node(spec: Spec, requirements: readonly string[], path: string, x: number, y: number): SkillNode {
  const { stats: _stats, ...fields } = spec;
  return { ...fields, requirements, path, position: { x, y }, bonus: bonusOf(spec) };
}

function buildTree(t: TreeSpec): SkillTree {
  const nodes: SkillNode[] = [node(t.root, [], 'root', 3, 0)];
  const columns = [
    [t.left, 1],
    [t.centre, 3],
    [t.right, 5],
  ] as const;
  for (const [path, x] of columns) {
    path.nodes.forEach((spec, i) => nodes.push(node(spec, [i === 0 ? t.root.id : path.nodes[i - 1]!.id], path.name, x, i + 1)));
  }
  nodes.push(node(t.crossLeft, [t.centre.nodes[2].id, t.left.nodes[2].id], 'cross', 2, 4));
  nodes.push(node(t.crossRight, [t.right.nodes[1].id, t.centre.nodes[0].id], 'cross', 4, 3));
  nodes.push(node(t.crossBottom, [t.left.nodes[3].id, t.right.nodes[3].id], 'cross', 3, 6));
  const links = nodes.flatMap((n) => n.requirements.map((from) => ({ from, to: n.id })));
  return { characterClass: t.characterClass, name: t.name, root: t.root.id, paths: [t.left.name, t.centre.name, t.right.name], nodes, links };
}

const active = (id: string, name: string, description: string, manaCost: number, cooldown: number, damage?: number): Spec => ({
  id,
  name,
  type: 'Active',
  description,
  ...(manaCost > 0 ? { manaCost } : {}),
  cooldown,
  ...(damage === undefined ? {} : { damage }),
});
const passive = (id: string, name: string, description: string, stats: Spec['stats']): Spec => ({ id, name, type: 'Passive', description, stats });
const ultimate = (id: string, name: string, description: string, manaCost: number, cooldown: number, damage?: number): Spec => ({
  ...active(id, name, description, manaCost, cooldown, damage),
  type: 'Ultimate',
});

/** Spec 03 §3 "Mage tree (root sparkBolt)". */
const MAGE = buildTree({
  characterClass: 'mage',
  name: 'Mage',
  root: active('sparkBolt', 'Spark Bolt', 'A crackling bolt of raw magic: the first spell every apprentice learns.', 5, 2, 8),
  left: {
    name: 'Elemental',
    nodes: [
      active('flameLash', 'Flame Lash', 'A whip of fire that scorches a single foe.', 10, 4, 14),
      passive('iceShard', 'Ice Shard', 'Shards of frost orbit you, slowing what comes near.', { speed: 2 }),
      active('chainLightning', 'Chain Lightning', 'Lightning leaps from enemy to enemy.', 20, 8, 22),
      passive('elementalSurge', 'Elemental Surge', 'Your elements answer faster and hit harder.', { magicPower: 3 }),
      ultimate('meteorRain', 'Meteor Rain', 'Calls a storm of burning rock down on the battlefield.', 45, 60, 60),
    ],
  },
  centre: {
    name: 'Arcane',
    nodes: [
      passive('manaTap', 'Mana Tap', 'Draws on the ambient weave to sharpen your spells.', { magicPower: 2 }),
      active('mindPierce', 'Mind Pierce', 'A lance of thought that ignores armour.', 12, 5, 16),
      active('arcaneNova', 'Arcane Nova', 'An expanding ring of arcane force.', 25, 10, 26),
      passive('manaOverload', 'Mana Overload', 'Overcharged spells strike with extra force.', { magicPower: 3, attack: 1 }),
      ultimate('astralRift', 'Astral Rift', 'Tears open the sky and pours the astral sea through.', 50, 75, 70),
    ],
  },
  right: {
    name: 'Mystic',
    nodes: [
      passive('mysticWard', 'Mystic Ward', 'A standing ward that turns aside blows.', { defense: 2 }),
      active('healingLight', 'Healing Light', 'Soft light that closes wounds mid-fight.', 15, 12),
      passive('manaShield', 'Mana Shield', 'Your mana hardens into a barrier.', { defense: 3 }),
      active('blessingOfClarity', 'Blessing of Clarity', 'Clears the mind so every spell lands true.', 18, 20),
      ultimate('etherealForm', 'Ethereal Form', 'Become half-spirit: blows pass through you.', 40, 90),
    ],
  },
  crossLeft: active('arcElementConvergence', 'Arc-Element Convergence', 'Arcane force and lightning fused into one devastating bolt.', 35, 15, 40),
  crossRight: passive('mysticInfusion', 'Mystic Infusion', 'Healing magic infused with tapped mana mends and empowers.', { magicPower: 2, defense: 2 }),
  crossBottom: passive('primalHarmony', 'Primal Harmony', 'Elements and blessings in balance: calm, swift and deadly.', { magicPower: 2, speed: 2 }),
});

/** Spec 03 §3 "Warrior tree (root basicStrike)". */
const WARRIOR = buildTree({
  characterClass: 'warrior',
  name: 'Warrior',
  root: active('basicStrike', 'Basic Strike', 'A solid, well-placed blow: the foundation of every fighting style.', 0, 1, 8),
  left: {
    name: 'Berserker',
    nodes: [
      active('ragingBlow', 'Raging Blow', 'A furious swing fuelled by anger.', 0, 4, 15),
      passive('bloodlust', 'Bloodlust', 'Every wound you deal drives you harder.', { attack: 2 }),
      active('whirlwind', 'Whirlwind', 'Spin with your weapon outstretched, striking all around you.', 0, 8, 22),
      passive('battleFury', 'Battle Fury', 'The longer the fight, the stronger your arm.', { attack: 3 }),
      ultimate('berserkerRage', 'Berserker Rage', 'Lose yourself to rage: no pain, no retreat.', 0, 60, 55),
    ],
  },
  centre: {
    name: 'Battle',
    nodes: [
      passive('ironWill', 'Iron Will', 'Nothing shakes your resolve.', { defense: 2 }),
      active('shieldBash', 'Shield Bash', 'Slam your shield into a foe and stagger it.', 0, 6, 12),
      active('defensiveStance', 'Defensive Stance', 'Plant your feet and take the blows on your shield.', 0, 10),
      passive('guardianSpirit', 'Guardian Spirit', 'A watchful spirit steadies your guard.', { defense: 3 }),
      ultimate('impenetrableBulwark', 'Impenetrable Bulwark', 'For a moment, nothing gets past you.', 0, 90),
    ],
  },
  right: {
    name: 'Champion',
    nodes: [
      passive('rallyingCry', 'Rallying Cry', 'A shout that steadies your nerves.', { defense: 1, attack: 1 }),
      active('inspiringPresence', 'Inspiring Presence', 'Your bearing lifts every ally who sees you.', 0, 20),
      passive('commandingShout', 'Commanding Shout', 'Enemies hesitate at your command.', { speed: 2 }),
      active('tacticalAdvantage', 'Tactical Advantage', 'Read the field and strike where it is weakest.', 0, 15, 18),
      ultimate('warBanner', 'War Banner', 'Raise your banner: the tide of battle turns.', 0, 120),
    ],
  },
  crossLeft: active('unyieldingFury', 'Unyielding Fury', 'Rage held behind a shield: strike from a stance that never breaks.', 0, 12, 30),
  crossRight: passive('battleCommander', 'Battle Commander', 'Iron will and an inspiring presence: you lead from the front.', { defense: 2, attack: 2 }),
  crossBottom: passive('warlordsMight', "Warlord's Might", 'Fury and tactics as one: every blow is the right one.', { attack: 3, speed: 1 }),
});

/** Spec 03 §3 "Rogue tree (root quickStrike)". */
const ROGUE = buildTree({
  characterClass: 'rogue',
  name: 'Rogue',
  root: active('quickStrike', 'Quick Strike', 'A fast jab before the enemy can react.', 0, 1, 7),
  left: {
    name: 'Trickster',
    nodes: [
      active('smokeBomb', 'Smoke Bomb', 'Vanish in a cloud of smoke.', 0, 12),
      passive('distraction', 'Distraction', 'A feint that leaves the enemy looking the wrong way.', { speed: 2 }),
      active('evasion', 'Evasion', 'Dodge everything for a heartbeat.', 0, 15),
      passive('opportunist', 'Opportunist', 'Strike whenever the enemy slips.', { attack: 2, speed: 1 }),
      ultimate('masterOfDisguise', 'Master of Disguise', 'Walk among your enemies unseen, then strike.', 0, 90, 45),
    ],
  },
  centre: {
    name: 'Assassin',
    nodes: [
      passive('shadowStep', 'Shadow Step', 'Move from shadow to shadow without a sound.', { speed: 2 }),
      active('deadlyPoison', 'Deadly Poison', 'Coat your blades with a venom that lingers.', 0, 8, 16),
      active('criticalStrike', 'Critical Strike', 'Find the gap in the armour.', 0, 6, 24),
      passive('assassinate', 'Assassinate', 'Your first strike is always your best.', { attack: 3 }),
      ultimate('deathMark', 'Death Mark', 'Mark a target: it will not see the next sunrise.', 0, 75, 65),
    ],
  },
  right: {
    name: 'Archer',
    nodes: [
      passive('preciseShot', 'Precise Shot', 'Steady hands, true arrows.', { attack: 2 }),
      active('multiShot', 'Multi Shot', 'Loose three arrows at once.', 0, 6, 18),
      active('explosiveArrow', 'Explosive Arrow', 'An arrow tipped with alchemical fire.', 0, 10, 26),
      passive('marksmanship', 'Marksmanship', 'Years at the butts pay off.', { attack: 2, speed: 1 }),
      ultimate('arrowStorm', 'Arrow Storm', 'Darken the sky with arrows.', 0, 60, 60),
    ],
  },
  crossLeft: active('shadowFeint', 'Shadow Feint', 'An evasive roll that ends with a blade in the enemy’s back.', 0, 10, 30),
  crossRight: passive('silentArrow', 'Silent Arrow', 'Arrows loosed from the shadows, never heard.', { attack: 2, speed: 2 }),
  crossBottom: passive('phantomVolley', 'Phantom Volley', 'Tricks and arrows: they never know where the next one comes from.', { attack: 2, defense: 2 }),
});

export const SKILL_TREES: Readonly<Record<SkillTreeClass, SkillTree>> = { mage: MAGE, warrior: WARRIOR, rogue: ROGUE };

export function isSkillTreeClass(value: unknown): value is SkillTreeClass {
  return typeof value === 'string' && (SKILL_TREE_CLASSES as readonly string[]).includes(value);
}

/** The tree of a class, or undefined for the nine classes without one. */
export function skillTreeOf(characterClass: CharacterClass | string): SkillTree | undefined {
  return isSkillTreeClass(characterClass) ? SKILL_TREES[characterClass] : undefined;
}

export function findSkill(tree: SkillTree, skillId: string): SkillNode | undefined {
  return tree.nodes.find((n) => n.id === skillId);
}
