import type { LeaderboardEntry } from '@rpg/contract';
import { CLASS_DEFINITIONS, type CharacterClass } from '@rpg/game';
import { Crown, Medal } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Spec 03 §3: class colours for mage, warrior, rogue, necromancer and cleric; the rest in parchment. */
const CLASS_COLOURS: Partial<Record<CharacterClass, string>> = {
  mage: 'text-sky-300',
  warrior: 'text-ember-300',
  rogue: 'text-moss-300',
  necromancer: 'text-[#c4a7f0]',
  cleric: 'text-gold-200',
};

/** Ranks 1-3 highlighted (spec 03 §2): gold, silver, bronze. */
const PODIUM: Record<number, string> = {
  1: 'bg-gold-500/15 text-gold-300',
  2: 'bg-parchment-200/10 text-parchment-100',
  3: 'bg-[#a8642a]/15 text-[#e0a36a]',
};

function RankCell({ rank }: { rank: number }) {
  const Icon = rank === 1 ? Crown : Medal;
  return (
    <span className="inline-flex items-center gap-1 font-display font-bold">
      {rank <= 3 ? <Icon className="size-4" aria-hidden="true" /> : null}
      {rank}
    </span>
  );
}

interface LeaderboardTableProps {
  entries: readonly LeaderboardEntry[];
  /** The metric's column header: XP, Quests, Wins, HP, DEF, ATK. */
  metric: string;
  caption: string;
}

/** Spec 03 §2 columns: Rank, Character, Class, Level and the metric. */
export function LeaderboardTable({ entries, metric, caption }: LeaderboardTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gold-700/40">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-800 text-xs tracking-wide text-parchment-400 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Rank
            </th>
            <th scope="col" className="px-3 py-2">
              Character
            </th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">
              Class
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Level
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {metric}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr
              key={e.characterId}
              data-rank={e.rank}
              className={cn('border-t border-gold-700/20', PODIUM[e.rank] ?? 'odd:bg-ink-850/60', e.own && 'outline-1 -outline-offset-1 outline-moss-400/60')}
            >
              <td className="px-3 py-2">
                <RankCell rank={e.rank} />
              </td>
              <td className="px-3 py-2">
                <span className="font-semibold break-words text-parchment-50">{e.name}</span>
                {e.title ? <span className="ml-2 text-xs font-semibold text-gold-300">{e.title}</span> : null}
                {e.own ? <span className="ml-2 rounded bg-moss-900/70 px-1.5 py-0.5 text-xs text-moss-300">You</span> : null}
                <span className="block text-xs break-all text-parchment-400">{e.username}</span>
                {/* Phones: the class under the name, its column hidden, so the metric stays on screen. */}
                <span className={cn('block text-xs sm:hidden', CLASS_COLOURS[e.characterClass] ?? 'text-parchment-200')}>
                  {CLASS_DEFINITIONS[e.characterClass].name}
                </span>
              </td>
              <td className={cn('hidden px-3 py-2 sm:table-cell', CLASS_COLOURS[e.characterClass] ?? 'text-parchment-200')}>
                {CLASS_DEFINITIONS[e.characterClass].name}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{e.level}</td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums text-gold-200">{e.value.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
