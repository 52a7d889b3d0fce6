import { Gavel, Settings, ShoppingBag, Sparkles, Trophy, User, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface Tile {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

/** The hub's tiles (spec 01 section 2 "Game hub screen"). */
const TILES: readonly Tile[] = [
  { title: 'Character Profile', description: 'View your attributes, gear and appearance', to: '/profile', icon: User },
  { title: 'Store', description: 'Buy weapons, armor, potions, and other items', to: '/store', icon: ShoppingBag },
  { title: 'Auction House', description: 'Trade items with other adventurers', to: '/auction', icon: Gavel },
  { title: 'Skill Tree', description: 'Spend skill points on new abilities', to: '/skill-tree', icon: Sparkles },
  { title: 'Achievements', description: 'Track your deeds and battle pass rewards', to: '/achievements', icon: Trophy },
  { title: 'Settings', description: 'Audio, notifications and password', to: '/settings', icon: Settings },
];

/** `stacked`: one column beside the console on wide screens, two on tablets. */
export function HubTiles({ stacked = false }: { stacked?: boolean }) {
  return (
    <nav aria-label="Game areas">
      <ul className={stacked ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-1' : 'grid gap-3 sm:grid-cols-2 xl:grid-cols-3'}>
        {TILES.map(({ title, description, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full gap-3 rounded-xl border border-gold-700/40 bg-ink-850/90 p-4 transition-colors hover:border-gold-400 hover:bg-ink-800"
            >
              <Icon className="mt-0.5 size-6 shrink-0 text-gold-400 group-hover:text-gold-300" aria-hidden="true" />
              <span>
                <span className="block font-display text-lg font-semibold text-gold-200">{title}</span>
                <span className="mt-1 block text-sm text-parchment-300">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
