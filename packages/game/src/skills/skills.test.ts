import { describe, expect, it } from 'vitest';
import { ruleErrorOf } from '../errors.testutil.ts';
import { SKILL_TREES } from '../content/skillTrees.ts';
import { combatStatsOf, winChance } from '../combat/winChance.ts';
import { enemyFor } from '../content/enemies.ts';
import { skillBonuses } from './bonuses.ts';
import { resetSkills } from './reset.ts';
import { skillStatus, type SkillState } from './state.ts';
import { unlockSkill } from './unlock.ts';

const mage = (skillPoints: number, unlocked: string[] = []): SkillState => ({ characterClass: 'mage', skillPoints, unlocked });
const node = (id: string) => SKILL_TREES.mage.nodes.find((n) => n.id === id)!;

describe('spec 03 §4 node states', () => {
  it('the root is always available; a node is locked until every requirement is unlocked', () => {
    expect(skillStatus(node('sparkBolt'), [])).toBe('available');
    expect(skillStatus(node('manaTap'), [])).toBe('locked');
    expect(skillStatus(node('manaTap'), ['sparkBolt'])).toBe('available');
    expect(skillStatus(node('arcElementConvergence'), ['sparkBolt', 'manaTap', 'mindPierce', 'arcaneNova'])).toBe('locked');
    expect(skillStatus(node('arcElementConvergence'), ['arcaneNova', 'chainLightning'])).toBe('available');
    expect(skillStatus(node('sparkBolt'), ['sparkBolt'])).toBe('unlocked');
  });
});

describe('spec 03 §5/§8 unlock', () => {
  it('refuses a class without a tree: Access Denied / Unsupported class type.', () => {
    const error = ruleErrorOf(() => unlockSkill({ characterClass: 'paladin', skillPoints: 5, unlocked: [] }, 'sparkBolt'));
    expect([error.title, error.message, error.status]).toEqual(['Access Denied', 'Unsupported class type.', 403]);
  });

  it("refuses another class's skill (preview mode saves nothing, spec 03 §4) and an unknown id", () => {
    const preview = ruleErrorOf(() => unlockSkill(mage(5), 'basicStrike'));
    expect([preview.message, preview.status]).toEqual(["Skill trees can only be changed for the character's own class.", 403]);
    expect(ruleErrorOf(() => unlockSkill(mage(5), 'nope')).status).toBe(404);
  });

  it('refuses an unlocked skill: "{skill} is already unlocked"', () => {
    expect(ruleErrorOf(() => unlockSkill(mage(3, ['sparkBolt']), 'sparkBolt')).message).toBe('Spark Bolt is already unlocked');
  });

  it('refuses without a point: "Not enough skill points"', () => {
    expect(ruleErrorOf(() => unlockSkill(mage(0), 'sparkBolt')).message).toBe('Not enough skill points');
  });

  it('refuses unmet requirements: "You haven\'t met the requirements for this skill"', () => {
    expect(ruleErrorOf(() => unlockSkill(mage(3), 'manaTap')).message).toBe("You haven't met the requirements for this skill");
    const cross = ruleErrorOf(() => unlockSkill(mage(3, ['sparkBolt', 'manaTap', 'mindPierce', 'arcaneNova']), 'arcElementConvergence'));
    expect(cross.message).toBe("You haven't met the requirements for this skill");
  });

  it('unlocks an available node for 1 point: "Unlocked {skill}!" (spec 03 §9)', () => {
    const first = unlockSkill(mage(2), 'sparkBolt');
    expect(first.state).toEqual(mage(1, ['sparkBolt']));
    expect(first.message).toBe('Unlocked Spark Bolt!');
    expect(unlockSkill(first.state, 'manaTap').state).toEqual(mage(0, ['sparkBolt', 'manaTap']));
  });
});

describe('spec 03 §4/§5 reset', () => {
  it('refuses with only the root (or nothing) unlocked: "No skills to reset"', () => {
    expect(ruleErrorOf(() => resetSkills(mage(0, ['sparkBolt']))).message).toBe('No skills to reset');
    expect(ruleErrorOf(() => resetSkills(mage(4))).message).toBe('No skills to reset');
    expect(ruleErrorOf(() => resetSkills({ characterClass: 'bard', skillPoints: 0, unlocked: [] })).message).toBe('Unsupported class type.');
  });

  it('returns a point for every unlocked skill but the root and leaves only the root', () => {
    const result = resetSkills(mage(1, ['sparkBolt', 'manaTap', 'mysticWard', 'healingLight']));
    expect(result.state).toEqual(mage(4, ['sparkBolt']));
    expect(result.refunded).toBe(3);
    expect(result.message).toBe('Skill tree reset! All points have been refunded.');
  });
});

describe('docs/decisions/progression.md, "Skill trees": unlocked skills change the fight', () => {
  it('sums passive stats and active/ultimate win chance of the own tree only', () => {
    expect(skillBonuses('mage', ['sparkBolt', 'manaTap', 'mysticWard', 'basicStrike'])).toEqual({
      attack: 0,
      defense: 2,
      speed: 0,
      magicPower: 2,
      winChance: 0.01,
    });
    expect(skillBonuses('mage', ['sparkBolt', 'manaTap', 'mindPierce', 'arcaneNova', 'manaOverload', 'astralRift']).winChance).toBe(0.05);
    expect(skillBonuses('paladin', ['sparkBolt'])).toEqual({ attack: 0, defense: 0, speed: 0, magicPower: 0, winChance: 0 });
  });

  it('raises combat stats and the win chance through combatStatsOf', () => {
    const attributes = { strength: 5, dexterity: 5, intelligence: 5, constitution: 5, attack: 0, defense: 0, speed: 0, magicPower: 0, maxHealth: 20 };
    const without = combatStatsOf({ characterClass: 'warrior', attributes });
    const withSkills = combatStatsOf({
      characterClass: 'warrior',
      attributes,
      skills: skillBonuses('warrior', ['basicStrike', 'ironWill', 'ragingBlow', 'bloodlust']),
    });
    expect([withSkills.attack - without.attack, withSkills.defense - without.defense]).toEqual([2, 2]);
    expect(withSkills.bonusWinChance).toBeCloseTo(0.02);
    const enemy = enemyFor('forest', 3)!;
    expect(winChance(withSkills, enemy)).toBeGreaterThan(winChance(without, enemy));
  });
});
