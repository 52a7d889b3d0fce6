import type { SkillNodeView, SkillTreeView } from '@rpg/contract';
import { Crown, Shield, Zap, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { GRID, statusHint, toPercent } from '../lib/describe';

const TYPE_ICONS: Record<SkillNodeView['type'], LucideIcon> = { Active: Zap, Passive: Shield, Ultimate: Crown };

const NODE_STYLES: Record<SkillNodeView['status'], string> = {
  unlocked: 'border-gold-300 bg-gold-500 text-ink-950 shadow-[0_0_18px_rgb(227_189_92/0.55)]',
  available: 'border-gold-400 bg-ink-800 text-gold-300 hover:bg-gold-500/20 motion-safe:animate-pulse',
  locked: 'border-ink-500 bg-ink-850 text-parchment-400/60',
};

interface SkillGraphProps {
  tree: SkillTreeView;
  /** The node whose details are shown (hovered or focused). */
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onUnlock: (node: SkillNodeView) => void;
  /** Id of the details panel, for aria-describedby. */
  detailsId: string;
}

/**
 * Spec 03 §2/§3: the tree as a graph. The links are an SVG under the nodes (a link is gold once
 * both ends are unlocked); the nodes are buttons placed on a 7 x 7 grid, so a keyboard reaches
 * each one in path order and its details show on hover and on focus.
 */
export function SkillGraph({ tree, selectedId, onSelect, onUnlock, detailsId }: SkillGraphProps) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  return (
    <div className="relative mx-auto aspect-square w-full max-w-2xl rounded-xl border border-gold-700/30 bg-[radial-gradient(circle_at_50%_0%,rgb(124_90_22/0.25),transparent_70%)]">
      <svg viewBox={`0 0 ${GRID} ${GRID}`} preserveAspectRatio="none" className="absolute inset-0 size-full" aria-hidden="true">
        {tree.links.map(({ from, to }) => {
          const a = byId.get(from);
          const b = byId.get(to);
          if (!a || !b) return null;
          const lit = a.status === 'unlocked' && b.status === 'unlocked';
          const open = a.status === 'unlocked' && b.status !== 'unlocked';
          return (
            <line
              key={`${from}-${to}`}
              data-link={`${from}->${to}`}
              x1={a.position.x + 0.5}
              y1={a.position.y + 0.5}
              x2={b.position.x + 0.5}
              y2={b.position.y + 0.5}
              vectorEffect="non-scaling-stroke"
              strokeWidth={lit ? 3 : 2}
              strokeDasharray={lit || open ? undefined : '4 4'}
              className={lit ? 'stroke-gold-400' : open ? 'stroke-gold-700' : 'stroke-ink-500'}
            />
          );
        })}
      </svg>
      <ul className="contents">
        {tree.nodes.map((node) => {
          const Icon = TYPE_ICONS[node.type];
          return (
            <li
              key={node.id}
              className="absolute flex -translate-x-1/2 -translate-y-1/2 flex-col items-center"
              style={{ left: `${toPercent(node.position.x)}%`, top: `${toPercent(node.position.y)}%` }}
            >
              <button
                type="button"
                data-skill={node.id}
                data-status={node.status}
                aria-label={`${node.name}: ${node.status}. ${statusHint(node.status)}`}
                aria-describedby={selectedId === node.id ? detailsId : undefined}
                onMouseEnter={() => onSelect(node.id)}
                onFocus={() => onSelect(node.id)}
                onClick={() => {
                  onSelect(node.id);
                  onUnlock(node);
                }}
                className={cn(
                  'grid size-9 place-items-center rounded-full border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-200 sm:size-12',
                  node.type === 'Ultimate' && 'rounded-lg',
                  NODE_STYLES[node.status],
                  selectedId === node.id && 'ring-2 ring-parchment-100/70',
                )}
              >
                <Icon className="size-4 sm:size-5" aria-hidden="true" />
              </button>
              <span className="pointer-events-none mt-1 hidden max-w-24 text-center text-[11px] leading-tight text-parchment-200 sm:block">{node.name}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
