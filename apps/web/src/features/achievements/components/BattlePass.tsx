import type { AchievementsView, BattlePassRewardView } from '@rpg/contract';
import { CheckCircle2, Gift, Lock } from 'lucide-react';
import { TierBadge } from '@/components/TierBadge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { useClaimRewards } from '../api/claim-rewards';

function RewardRow({ reward, claim }: { reward: BattlePassRewardView; claim: ReturnType<typeof useClaimRewards> }) {
  const { level, itemName, itemDescription, itemRarity, state, pointsNeeded, pointsRequired } = reward;
  return (
    <li
      aria-label={`Level ${level}: ${itemName}`}
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border p-3 sm:flex-nowrap',
        state === 'claimed' ? 'border-moss-500/60 bg-moss-900/20' : state === 'ready' ? 'border-gold-500/70 bg-gold-900/20' : 'border-ink-600 bg-ink-900/60',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-gold-700/50 font-display text-lg font-bold text-gold-300">
        {level}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words text-parchment-50">{itemName}</h3>
          <TierBadge tier={itemRarity} />
        </div>
        <p className="text-sm text-parchment-200">{itemDescription}</p>
        {state === 'claimed' ? (
          <p className="text-sm text-moss-300">
            <span className="font-semibold">Reward Claimed!</span> This reward has been added to your inventory and is ready to use.
          </p>
        ) : null}
      </div>
      <div className="shrink-0 text-right text-sm">
        {state === 'locked' ? (
          <p className="inline-flex items-center gap-1 text-parchment-300">
            <Lock className="size-4" aria-hidden="true" /> LOCKED
            <span className="block text-xs tabular-nums">({pointsNeeded} points needed)</span>
          </p>
        ) : state === 'ready' ? (
          <div className="space-y-1">
            <p className="inline-flex items-center gap-1 font-semibold text-gold-300">
              <Gift className="size-4" aria-hidden="true" /> READY TO CLAIM
            </p>
            <Button size="sm" disabled={claim.isPending} aria-label={`Claim ${itemName}`} onClick={() => claim.mutate()}>
              Claim
            </Button>
          </div>
        ) : (
          <p className="inline-flex items-center gap-1 font-semibold text-moss-300">
            <CheckCircle2 className="size-4" aria-hidden="true" /> CLAIMED
          </p>
        )}
        <p className="text-xs text-parchment-300 tabular-nums">{pointsRequired} pts</p>
      </div>
    </li>
  );
}

/** Spec 03 §2 Battle Pass tab: the level, points to the next reward, claimed count, the 15 rewards. */
export function BattlePass({ view }: { view: AchievementsView }) {
  const { level, pointsToNextLevel, battlePass } = view;
  const claim = useClaimRewards();
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <p className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-parchment-200">
          Current Level <span className="block font-display text-2xl font-bold text-gold-300">{level}</span>
        </p>
        <p className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-parchment-200">
          {pointsToNextLevel === 0 ? (
            <span className="font-semibold text-gold-300">All rewards unlocked!</span>
          ) : (
            <>
              Next reward in <span className="block font-display text-2xl font-bold text-gold-300 tabular-nums">{pointsToNextLevel} points</span>
            </>
          )}
        </p>
        <p className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-parchment-200">
          Rewards claimed{' '}
          <span className="block font-display text-2xl font-bold text-gold-300 tabular-nums">
            {battlePass.claimed} / {battlePass.total}
          </span>
        </p>
      </div>
      <ul className="space-y-2">
        {battlePass.rewards.map((reward) => (
          <RewardRow key={reward.id} reward={reward} claim={claim} />
        ))}
      </ul>
    </div>
  );
}
