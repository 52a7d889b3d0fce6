import type { SkillChangeResponse, SkillTreeState } from '@rpg/contract';
import {
  isSkillTreeClass,
  resetSkills,
  SKILL_TOAST_TITLES,
  SKILL_TREES,
  SKILL_UNLOCK_COST,
  skillBonuses,
  skillStatus,
  skillTreeOf,
  unlockedIn,
  unlockSkill,
  type CharacterClass,
  type SkillTreeClass,
} from '@rpg/game';
import type { DbOrTx, Tx } from '../db/client.ts';
import type { CharacterRow } from '../db/queries/characters.ts';
import { listUnlockedSkills, recordReset, recordUnlock } from '../db/queries/skills.ts';

/**
 * Spec 03 §2-§5 skill trees on the server: the tree state as the screen shows it, unlock and
 * reset. The rules are @rpg/game's (skills/); this applies them to the stored rows.
 */

/**
 * The tree state of a character: its own tree (or `tree`, another class's, in preview: every
 * node against no unlocked skill, nothing saved), its points, level and what its skills add.
 */
export function treeState(
  row: { character: Pick<CharacterRow['character'], 'id' | 'characterClass' | 'level' | 'skillPoints'> },
  unlockedIds: readonly string[],
  tree?: SkillTreeClass,
): SkillTreeState {
  const c = row.character;
  const own = skillTreeOf(c.characterClass);
  const shown = tree ? SKILL_TREES[tree] : own;
  const preview = shown !== undefined && shown !== own;
  const unlocked = own ? unlockedIn(own, unlockedIds) : [];
  const against = preview ? [] : unlocked;
  return {
    characterId: c.id,
    characterClass: c.characterClass,
    level: c.level,
    skillPoints: c.skillPoints,
    supported: own !== undefined,
    preview,
    unlocked,
    bonuses: skillBonuses(c.characterClass, unlocked),
    tree: shown
      ? {
          characterClass: shown.characterClass,
          name: shown.name,
          root: shown.root,
          paths: [...shown.paths],
          links: shown.links.map((l) => ({ ...l })),
          nodes: shown.nodes.map((n) => ({
            ...n,
            requirements: [...n.requirements],
            position: { ...n.position },
            bonus: { ...n.bonus },
            status: skillStatus(n, against),
          })),
        }
      : null,
  };
}

/** What the character's unlocked skills add to a fight (combatStatsOf's `skills`). */
export async function skillBonusesOf(db: DbOrTx, row: CharacterRow) {
  const { characterClass, id } = row.character;
  return skillBonusesFrom(characterClass, isSkillTreeClass(characterClass) ? await listUnlockedSkills(db, id) : []);
}

/** The same from the unlocked ids read elsewhere (a class without a tree counts none). */
export function skillBonusesFrom(characterClass: CharacterClass, unlockedIds: readonly string[]) {
  return skillBonuses(characterClass, isSkillTreeClass(characterClass) ? unlockedIds : []);
}

function rowWithPoints(row: CharacterRow, skillPoints: number): CharacterRow {
  return { ...row, character: { ...row.character, skillPoints } };
}

/** Spec 03 §4/§5: unlocks one skill of the locked character's own tree for 1 point. */
export async function unlock(tx: Tx, row: CharacterRow, skillId: string): Promise<SkillChangeResponse> {
  const c = row.character;
  const unlockedIds = await listUnlockedSkills(tx, c.id);
  const result = unlockSkill({ characterClass: c.characterClass, skillPoints: c.skillPoints, unlocked: unlockedIds }, skillId);
  if (!(await recordUnlock(tx, c.id, result.skillId, SKILL_UNLOCK_COST))) {
    throw new Error(`skill ${result.skillId} of ${c.id}: the conditional unlock failed under the character lock`);
  }
  return {
    state: treeState(rowWithPoints(row, result.state.skillPoints), result.state.unlocked),
    toast: { title: SKILL_TOAST_TITLES.unlocked, description: result.message, variant: 'success' },
  };
}

/** Spec 03 §4/§5: returns every unlocked skill but the root as points. */
export async function reset(tx: Tx, row: CharacterRow): Promise<SkillChangeResponse> {
  const c = row.character;
  const unlockedIds = await listUnlockedSkills(tx, c.id);
  const result = resetSkills({ characterClass: c.characterClass, skillPoints: c.skillPoints, unlocked: unlockedIds });
  const [root] = result.state.unlocked;
  if (!root) throw new Error('a reset tree keeps its root');
  const removed = await recordReset(tx, c.id, root, SKILL_UNLOCK_COST);
  if (removed * SKILL_UNLOCK_COST !== result.refunded) {
    throw new Error(`skills of ${c.id}: reset removed ${removed} rows, the rule refunded ${result.refunded}`);
  }
  return {
    state: treeState(rowWithPoints(row, result.state.skillPoints), result.state.unlocked),
    toast: { title: SKILL_TOAST_TITLES.reset, description: result.message, variant: 'success' },
  };
}
