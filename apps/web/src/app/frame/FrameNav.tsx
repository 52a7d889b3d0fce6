import { isStaff } from '@rpg/game';
import { NavLink } from 'react-router';
import { useMe } from '@/features/auth/api/me';
import { cn } from '@/lib/cn';
import { MODERATION_NAV_ITEM, NAV_ITEMS } from './nav-items';

/**
 * Icon buttons, with text labels from xl up (icons alone fit one row down to tablets). The
 * current route gets aria-current="page" and the gold highlight.
 */
export function FrameNav() {
  // Issue 28: moderators and admins also see the moderation screen.
  const role = useMe().data?.role;
  const items = isStaff(role) ? [...NAV_ITEMS, MODERATION_NAV_ITEM] : NAV_ITEMS;
  return (
    <nav aria-label="Game" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max items-center gap-1 px-1 py-1">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              title={label}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
                  isActive ? 'bg-gold-500/15 text-gold-300 ring-1 ring-gold-500/60' : 'text-parchment-200 hover:bg-ink-700 hover:text-parchment-50',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only xl:not-sr-only">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
