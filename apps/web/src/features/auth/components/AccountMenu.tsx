import { ChevronDown, UserRound } from 'lucide-react';
import { buttonClasses } from '@/components/ui/Button';
import { LazyPopup } from '@/components/ui/LazyPopup';
import { lazyModule } from '@/lib/lazy-module';

interface AccountMenuProps {
  /** The player's public name; shown on wide screens and as the menu's heading. */
  name: string | null;
  email: string | null;
}

const dropdown = lazyModule(() => import('./AccountMenuDropdown').then((module) => module.AccountMenuDropdown));

/**
 * The header's account menu: its sign-outs (AccountMenuDropdown) load on first use, the trigger
 * alone renders until then (LazyPopup).
 */
export function AccountMenu({ name, email }: AccountMenuProps) {
  const trigger = (
    <button type="button" aria-label="Account menu" className={buttonClasses('ghost', 'sm', 'max-w-56 data-[state=open]:bg-ink-700')}>
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      {name ? <span className="hidden truncate 2xl:inline">{name}</span> : null}
      <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
    </button>
  );
  return (
    <LazyPopup popup={dropdown} kind="menu" trigger={trigger}>
      {(Dropdown, mount) => <Dropdown name={name} email={email} {...mount} />}
    </LazyPopup>
  );
}
