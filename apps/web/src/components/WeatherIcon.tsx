import type { WorldLand } from '@rpg/contract';
import { CloudFog, CloudLightning, CloudRain, Moon, Snowflake, Sun, ThermometerSun, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

const WEATHER_ICONS: Record<WorldLand['weather'], LucideIcon> = {
  clear: Sun,
  rain: CloudRain,
  fog: CloudFog,
  storm: CloudLightning,
  heatwave: ThermometerSun,
  snow: Snowflake,
};

const WEATHER_COLOURS: Record<WorldLand['weather'], string> = {
  clear: 'text-gold-300',
  rain: 'text-sky-300',
  fog: 'text-parchment-400',
  storm: 'text-ember-200',
  heatwave: 'text-ember-300',
  snow: 'text-parchment-50',
};

/** Issue 42: a land's weather as an icon (decorative: the weather's name is always written beside it). A clear night shows the moon. */
export function WeatherIcon({ land, className }: { land: Pick<WorldLand, 'weather' | 'night'>; className?: string }) {
  const Icon = land.weather === 'clear' && land.night ? Moon : WEATHER_ICONS[land.weather];
  return (
    <Icon
      className={cn('size-4 shrink-0', land.weather === 'clear' && land.night ? 'text-parchment-200' : WEATHER_COLOURS[land.weather], className)}
      aria-hidden="true"
    />
  );
}
