import { Gamepad2, Gavel, Medal, Settings, ShieldAlert, ShoppingBag, Sparkles, Trophy, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The frame's navigation (spec 01 section 2, "Shared page frame"). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Game', to: '/game', icon: Gamepad2 },
  { label: 'Store', to: '/store', icon: ShoppingBag },
  { label: 'Auction', to: '/auction', icon: Gavel },
  { label: 'Skills', to: '/skill-tree', icon: Sparkles },
  { label: 'Achievements', to: '/achievements', icon: Trophy },
  { label: 'Leaderboards', to: '/leaderboards', icon: Medal },
  { label: 'Settings', to: '/settings', icon: Settings },
];

/** Issue 28: shown to moderators and admins only. */
export const MODERATION_NAV_ITEM: NavItem = { label: 'Moderation', to: '/moderation', icon: ShieldAlert };
