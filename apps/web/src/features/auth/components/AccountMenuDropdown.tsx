import { LogOut, MonitorSmartphone } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { LazyPopupMount } from '@/components/ui/LazyPopup';
import { cn } from '@/lib/cn';
import { useSignOut } from '../hooks/useSignOut';

interface AccountMenuDropdownProps extends LazyPopupMount {
  /** The player's public name: the menu's heading. */
  name: string | null;
  email: string | null;
}

const itemClasses = cn(
  'flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-2 text-sm text-parchment-100 outline-none',
  'select-none data-[disabled]:cursor-wait data-[disabled]:opacity-60 data-[highlighted]:bg-gold-500/15',
);

/**
 * AccountMenu's Radix dropdown, loaded on first use (LazyPopup), around AccountMenu's trigger.
 * 'Sign out everywhere' is the spec's sign-out (spec 01 section 4, DECISIONS section 4: every
 * session of the account ends); 'Sign out on this device' ends this browser's session only, for a
 * player who stays signed in on their phone.
 */
export function AccountMenuDropdown({ name, email, trigger, defaultOpen }: AccountMenuDropdownProps) {
  const everywhere = useSignOut('everywhere');
  const device = useSignOut('device');
  const pending = everywhere.pending || device.pending;

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild aria-busy={pending}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-[min(18rem,calc(100vw-1rem))] rounded-lg border border-gold-700/60 bg-ink-850 p-1.5 shadow-2xl"
        >
          {name || email ? (
            <DropdownMenu.Label className="px-2 pt-1 pb-2">
              {name ? <span className="block truncate font-display text-base font-semibold text-gold-200">{name}</span> : null}
              {email ? <span className="block truncate text-xs text-parchment-400">{email}</span> : null}
            </DropdownMenu.Label>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-gold-700/30" />
          <DropdownMenu.Item disabled={pending} onSelect={() => void everywhere.signOut()} className={itemClasses}>
            <LogOut className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden="true" />
            <span>
              <span className="block font-medium">Sign out everywhere</span>
              <span className="block text-xs text-parchment-400">Ends your sessions on every device</span>
            </span>
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={pending} onSelect={() => void device.signOut()} className={itemClasses}>
            <MonitorSmartphone className="mt-0.5 size-4 shrink-0 text-parchment-300" aria-hidden="true" />
            <span>
              <span className="block font-medium">Sign out on this device</span>
              <span className="block text-xs text-parchment-400">Other devices stay signed in</span>
            </span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
