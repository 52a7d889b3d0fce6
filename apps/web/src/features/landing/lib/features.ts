import { CloudSun, Coins, Gem, Shirt, Sparkles, Swords, type LucideIcon } from 'lucide-react';

export interface GameFeature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The six features the landing page advertises (spec 01 section 1). */
export const GAME_FEATURES: readonly GameFeature[] = [
  { title: 'Combat and Magic', description: 'Battle foes with steel and spell across perilous lands.', icon: Swords },
  { title: 'Appearance and Gear', description: 'Customise your hero’s look and equip the gear you win.', icon: Shirt },
  { title: 'Lore and Treasures', description: 'Uncover ancient lore and hoard rare treasures.', icon: Gem },
  { title: 'A Living World', description: 'A dynamic world with changing weather and day-night cycles.', icon: CloudSun },
  { title: 'Player Economy', description: 'Trade at the auction house and craft your own wares.', icon: Coins },
  { title: 'Skill Trees', description: 'Grow your powers along branching skill trees.', icon: Sparkles },
];
