import type { SkillNodeView, SkillTreeView } from '@rpg/contract';
import { Card } from '@/components/ui/Card';
import { bonusText, statusHint } from '../lib/describe';

/** The hovered or focused node: type, description, mana cost, cooldown, damage, requirements and what it adds. */
export function SkillDetails({ id, node, tree }: { id: string; node: SkillNodeView | undefined; tree: SkillTreeView }) {
  const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
  return (
    <Card id={id} className="space-y-3 p-4" aria-live="polite">
      {node ? (
        <>
          <div>
            <h2 className="font-display text-xl font-semibold text-gold-300">{node.name}</h2>
            <p className="text-xs tracking-wide text-parchment-400 uppercase">
              {node.type} · {node.path === 'root' ? 'Root' : node.path === 'cross' ? 'Cross-branch' : `${node.path} path`}
            </p>
          </div>
          <p className="text-sm text-parchment-100">{node.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {node.manaCost !== undefined ? (
              <>
                <dt className="text-parchment-400">Mana Cost</dt>
                <dd>{node.manaCost}</dd>
              </>
            ) : null}
            {node.cooldown !== undefined ? (
              <>
                <dt className="text-parchment-400">Cooldown</dt>
                <dd>{node.cooldown}s</dd>
              </>
            ) : null}
            {node.damage !== undefined ? (
              <>
                <dt className="text-parchment-400">Damage</dt>
                <dd>{node.damage}</dd>
              </>
            ) : null}
            <dt className="text-parchment-400">Requires</dt>
            <dd>{node.requirements.length === 0 ? 'Nothing' : node.requirements.map((r) => names.get(r) ?? r).join(', ')}</dd>
            <dt className="text-parchment-400">Effect</dt>
            <dd>{bonusText(node.bonus)}</dd>
          </dl>
          <p className={node.status === 'locked' ? 'text-sm text-ember-300' : 'text-sm text-moss-300'}>{statusHint(node.status)}</p>
        </>
      ) : (
        <p className="text-sm text-parchment-300">Hover over or focus a skill to see its details.</p>
      )}
    </Card>
  );
}
