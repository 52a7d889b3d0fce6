import type { AdventureStateResponse, WorldLand } from '@rpg/contract';
import { copper, formatCoins, LOCATIONS } from '@rpg/game';
import { ChevronDown, Flame, Gem, Lock, Snowflake, Sun, Trees, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '@/components/ui/Button';
import { WeatherIcon } from '@/components/WeatherIcon';
import { cn } from '@/lib/cn';
import { formatDuration } from '../lib/time-format';

type Location = AdventureStateResponse['launcher']['locations'][number];
type Level = Location['levels'][number];

const ICONS: Record<string, LucideIcon> = { forest: Trees, desert: Sun, ice: Snowflake, volcano: Flame, caves: Gem };

const percent = (chance: number) => `${Math.round(chance * 100)}%`;

function chanceColour(chance: number): string {
  if (chance >= 0.7) return 'text-moss-300';
  if (chance >= 0.45) return 'text-amber-300';
  return 'text-ember-300';
}

const whole = new Intl.NumberFormat('en-US');

/** Issue 42: the expected copper per hour in coins; repairs above the reward read as a loss ('-3s 20c'). */
export function perHourCoins(copperPerHour: number): string {
  return `${copperPerHour < 0 ? '-' : ''}${formatCoins(copper(Math.abs(copperPerHour)))}`;
}

/** Issue 42: the row's per-hour figures ('3,120 XP/h · 7s 20c/h'). */
export function perHourText(level: Pick<Level, 'xpPerHour' | 'copperPerHour'>): string {
  return `${whole.format(level.xpPerHour)} XP/h · ${perHourCoins(level.copperPerHour)}/h`;
}

/** The level's accessible name: everything the row shows, in words. */
export function levelLabel(level: Level): string {
  const lock = level.locked ? `, locked until player level ${level.requiredLevel}` : `, requires level ${level.requiredLevel}`;
  const perHour = `, about ${whole.format(level.xpPerHour)} XP and ${perHourCoins(level.copperPerHour)} per hour`;
  return `Level ${level.level}, ${formatDuration(level.durationMs)}${lock}, ${percent(level.winChance)} win chance against ${level.enemy.name}${perHour}`;
}

/** Issue 42: the chosen land's conditions in the launcher ('Night · Storm: win chance -13%, rewards +15%'). */
function LandConditions({ land }: { land: WorldLand }) {
  const phase = land.underground ? 'Underground' : land.night ? 'Night' : 'Day';
  return (
    <p
      role="note"
      aria-label={`Conditions: ${land.line}, ${land.effect}`}
      className="mx-2 mb-1.5 flex items-center gap-2 rounded-md border border-ink-600/80 bg-ink-950/60 px-2 py-1 text-xs text-parchment-200"
    >
      <WeatherIcon land={land} className="size-3.5" />
      <span>
        {phase} · {land.weatherName}
      </span>
      <span className={cn('ml-auto tabular-nums', land.effect === 'no effect' ? 'text-parchment-400' : 'text-ember-300')}>{land.effect}</span>
    </p>
  );
}

interface AdventureLauncherProps {
  locations: readonly Location[];
  /** Issue 42: each land's conditions now; the win chances already weigh them. */
  lands?: readonly WorldLand[];
  /** A start is being sent: the levels wait. */
  starting: boolean;
  onStart: (location: Location['id'], level: number) => void;
}

/**
 * Spec 02 §2: five location buttons, each opening its levels 1-10 with the duration after speed gear
 * (DECISIONS §2), the required level, a lock, and the character's win chance (with its health and the
 * land's conditions now, issue 42), the land's conditions and each level's expected XP and copper per
 * hour. Locked levels can still be chosen: the server answers with the spec's level-gate text.
 */
export function AdventureLauncher({ locations, lands, starting, onStart }: AdventureLauncherProps) {
  return (
    <div role="group" aria-label="Adventure launcher" className="grid grid-cols-5 gap-1.5 px-3 pt-3">
      {locations.map((location) => {
        const Icon = ICONS[location.id] ?? Trees;
        const land = lands?.find((l) => l.id === location.id);
        return (
          <DropdownMenu.Root key={location.id} modal={false}>
            <DropdownMenu.Trigger
              className={buttonClasses(
                'secondary',
                'sm',
                'h-auto min-w-0 flex-col gap-0.5 px-1 py-1.5 text-xs sm:h-9 sm:flex-row sm:justify-between sm:px-2.5 sm:text-sm data-[state=open]:bg-gold-500/15',
              )}
            >
              <span className="flex max-w-full min-w-0 flex-col items-center gap-0.5 sm:flex-row sm:gap-1.5">
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {/* Spec 02 §2: the button reads 'Ice'; the list's heading keeps 'Ice Lands'. */}
                <span className="truncate">{LOCATIONS[location.id].label}</span>
              </span>
              <ChevronDown className="hidden size-3.5 shrink-0 opacity-70 sm:block" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={6}
                collisionPadding={8}
                className={cn(
                  'z-50 max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1rem))]',
                  'overflow-y-auto rounded-lg border border-gold-700/60 bg-ink-850 p-1.5 shadow-2xl',
                )}
              >
                <DropdownMenu.Label className="flex items-center gap-2 px-2 pt-1 pb-2 font-display text-base font-semibold text-gold-200">
                  <Icon className="size-4" aria-hidden="true" />
                  {location.name}
                  <span className="ml-auto font-sans text-xs font-normal text-parchment-400">time · level · win</span>
                </DropdownMenu.Label>
                {land ? <LandConditions land={land} /> : null}
                {location.levels.map((level) => (
                  <DropdownMenu.Item
                    key={level.level}
                    disabled={starting}
                    aria-label={levelLabel(level)}
                    onSelect={() => onStart(location.id, level.level)}
                    className={cn(
                      'grid cursor-pointer grid-cols-[3.25rem_minmax(0,1fr)_3.5rem_3.5rem_2.75rem]',
                      'items-center gap-1.5 rounded-md px-2 py-1.5 text-sm outline-none select-none',
                      'data-[disabled]:cursor-wait data-[disabled]:opacity-60 data-[highlighted]:bg-gold-500/15',
                      level.locked ? 'text-parchment-400' : 'text-parchment-100',
                    )}
                  >
                    <span className="font-semibold text-gold-300">Lv {level.level}</span>
                    <span className="truncate text-xs text-parchment-300">{level.enemy.name}</span>
                    <span className="text-right tabular-nums">{formatDuration(level.durationMs)}</span>
                    <span className="flex items-center justify-end gap-1 text-xs tabular-nums">
                      {level.locked ? <Lock className="size-3.5 text-ember-300" aria-hidden="true" /> : null}
                      Lv {level.requiredLevel}
                    </span>
                    <span className={cn('text-right font-semibold tabular-nums', chanceColour(level.winChance))}>{percent(level.winChance)}</span>
                    <span className="col-span-4 col-start-2 -mt-1 truncate text-[0.7rem] text-parchment-400 tabular-nums">{perHourText(level)}</span>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        );
      })}
    </div>
  );
}
