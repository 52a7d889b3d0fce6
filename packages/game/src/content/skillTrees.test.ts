import { describe, expect, it } from 'vitest';
import { CLASSES } from '../types.ts';
import { SKILL_TREES, skillTreeOf } from './skillTrees.ts';

const PATHS = {
  mage: {
    root: 'sparkBolt',
    Arcane: ['manaTap', 'mindPierce', 'arcaneNova', 'manaOverload', 'astralRift'],
    Elemental: ['flameLash', 'iceShard', 'chainLightning', 'elementalSurge', 'meteorRain'],
    Mystic: ['mysticWard', 'healingLight', 'manaShield', 'blessingOfClarity', 'etherealForm'],
  },
  warrior: {
    root: 'basicStrike',
    Battle: ['ironWill', 'shieldBash', 'defensiveStance', 'guardianSpirit', 'impenetrableBulwark'],
    Berserker: ['ragingBlow', 'bloodlust', 'whirlwind', 'battleFury', 'berserkerRage'],
    Champion: ['rallyingCry', 'inspiringPresence', 'commandingShout', 'tacticalAdvantage', 'warBanner'],
  },
  rogue: {
    root: 'quickStrike',
    Assassin: ['shadowStep', 'deadlyPoison', 'criticalStrike', 'assassinate', 'deathMark'],
    Trickster: ['smokeBomb', 'distraction', 'evasion', 'opportunist', 'masterOfDisguise'],
    Archer: ['preciseShot', 'multiShot', 'explosiveArrow', 'marksmanship', 'arrowStorm'],
  },
} as const;

describe('spec 03 §3 skill trees as data', () => {
  it.each(Object.entries(PATHS))('the %s tree has its root, its three paths of five in order and 19 nodes', (cls, { root, ...paths }) => {
    const tree = SKILL_TREES[cls as keyof typeof SKILL_TREES];
    expect(tree.root).toBe(root);
    expect(tree.nodes).toHaveLength(19);
    expect(new Set(tree.nodes.map((n) => n.id)).size).toBe(19);
    expect(tree.nodes.find((n) => n.id === root)?.requirements).toEqual([]);
    for (const [path, ids] of Object.entries(paths) as [string, readonly string[]][]) {
      expect(tree.nodes.filter((n) => n.path === path).map((n) => n.id)).toEqual(ids);
      ids.forEach((id, i) => expect(tree.nodes.find((n) => n.id === id)?.requirements).toEqual([i === 0 ? root : ids[i - 1]]));
    }
    expect(tree.nodes.filter((n) => n.path === 'cross')).toHaveLength(3);
  });

  it("has the mage's cross-branch links: arcElementConvergence <- arcaneNova + chainLightning, mysticInfusion <- healingLight + manaTap", () => {
    const { links } = SKILL_TREES.mage;
    for (const [from, to] of [
      ['arcaneNova', 'arcElementConvergence'],
      ['chainLightning', 'arcElementConvergence'],
      ['healingLight', 'mysticInfusion'],
      ['manaTap', 'mysticInfusion'],
    ]) {
      expect(links).toContainEqual({ from, to });
    }
  });

  it('lists every requirement as a from/to link, each to a node of the same tree, and places no two nodes on one spot', () => {
    for (const tree of Object.values(SKILL_TREES)) {
      const ids = new Set(tree.nodes.map((n) => n.id));
      expect(tree.links).toHaveLength(tree.nodes.reduce((sum, n) => sum + n.requirements.length, 0));
      for (const link of tree.links) expect(ids.has(link.from) && ids.has(link.to)).toBe(true);
      expect(new Set(tree.nodes.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(19);
    }
  });

  it('gives passives stats and actives and ultimates win chance; details only where they apply', () => {
    for (const node of Object.values(SKILL_TREES).flatMap((t) => t.nodes)) {
      if (node.type === 'Passive') {
        expect(node.bonus.winChance).toBeUndefined();
        expect(Object.values(node.bonus).some((v) => v > 0)).toBe(true);
        expect(node.cooldown).toBeUndefined();
      } else {
        expect(node.bonus).toEqual({ winChance: node.type === 'Ultimate' ? 0.02 : 0.01 });
        expect(node.cooldown).toBeGreaterThan(0);
      }
    }
  });

  it('has no tree for the nine other classes (spec 03 §2)', () => {
    expect(CLASSES.filter((c) => skillTreeOf(c) === undefined)).toHaveLength(9);
  });
});
