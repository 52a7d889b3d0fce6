import type { RecipeView } from '@rpg/contract';
import { Check, Clock, Lock, X } from 'lucide-react';
import { useId } from 'react';
import { ItemStats } from '@/components/ItemStats';
import { TierBadge } from '@/components/TierBadge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { TIER_TEXT, itemKindLabel } from '@/lib/item-display';
import { ItemPicture } from '@/components/item-picture/ItemPicture';
import { formatClock } from '../lib/craft-clock';

const TIER_EDGE: Record<RecipeView['tier'], string> = {
  common: 'border-l-slate-400',
  uncommon: 'border-l-sky-400',
  rare: 'border-l-purple-400',
  epic: 'border-l-gold-400',
  legendary: 'border-l-orange-400',
};

interface RecipeCardProps {
  recipe: RecipeView;
  level: number;
  /** Why 'Craft' is disabled, or null. */
  reason: string | null;
  busy: boolean;
  onCraft: (recipeId: string) => void;
}

/** One recipe: tier, level, ingredients have / need, time, result, and 'Craft' (or why not). */
export function RecipeCard({ recipe, level, reason, busy, onCraft }: RecipeCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const levelShort = level < recipe.requiredLevel;
  const kind = itemKindLabel(recipe.result);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={cn('rounded-lg border border-l-4 border-ink-600 bg-ink-900/70 p-3', TIER_EDGE[recipe.tier], !recipe.unlocked && 'opacity-80')}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <ItemPicture subject={recipe.result} />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className={cn('flex items-center gap-1.5 font-semibold break-words', TIER_TEXT[recipe.tier])}>
              {recipe.unlocked ? null : (
                <>
                  <Lock className="size-4 shrink-0 text-parchment-400" aria-hidden="true" />
                  <span className="sr-only">Locked:</span>
                </>
              )}
              {recipe.name}
            </h3>
            {kind !== recipe.name ? <p className="text-xs text-parchment-400">{kind}</p> : null}
          </div>
          <TierBadge tier={recipe.tier} />
        </div>
        <ItemStats item={recipe.result} className="mt-1" />
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-parchment-300">
          <span className={levelShort ? 'text-ember-300' : undefined}>Requires level {recipe.requiredLevel}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Takes</span>
            {formatClock(recipe.durationMs)}
          </span>
          <span>+{recipe.xpReward} XP</span>
        </p>
        <ul className="mt-2 space-y-0.5 text-sm" aria-label={`Ingredients for ${recipe.name}`}>
          {recipe.ingredients.map((ingredient) => {
            const enough = ingredient.have >= ingredient.need;
            return (
              <li key={`${ingredient.name}:${ingredient.tier ?? ''}`} className="flex items-center justify-between gap-3">
                <span className="inline-flex items-center gap-1.5 text-parchment-100">
                  {enough ? <Check className="size-3.5 text-moss-400" aria-hidden="true" /> : <X className="size-3.5 text-ember-300" aria-hidden="true" />}
                  {ingredient.name}
                  {ingredient.tier ? <span className="text-xs text-parchment-400">({ingredient.tier})</span> : null}
                </span>
                <span className={cn('tabular-nums', enough ? 'text-moss-300' : 'text-ember-300')} aria-label={`have ${ingredient.have} of ${ingredient.need}`}>
                  {ingredient.have} / {ingredient.need}
                </span>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            size="sm"
            disabled={reason !== null || busy}
            aria-describedby={reason ? reasonId : undefined}
            onClick={() => onCraft(recipe.id)}
            aria-label={`Craft ${recipe.name}`}
          >
            Craft
          </Button>
          {reason ? (
            <p id={reasonId} className="min-w-0 flex-1 text-xs text-parchment-300">
              {reason}
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}
