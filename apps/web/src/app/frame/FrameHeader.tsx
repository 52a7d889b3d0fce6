import { Swords } from 'lucide-react';
import { Link } from 'react-router';
import { useMe } from '@/features/auth/api/me';
import { AccountMenu } from '@/features/auth/components/AccountMenu';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { InboxBell } from '@/features/inbox/components/InboxBell';
import { ConnectionIndicator } from '@/features/realtime/components/ConnectionIndicator';
import { SocialBadge } from '@/features/social/components/SocialBadge';
import { FrameNav } from './FrameNav';

/** The account menu, titled with the player's username (from /api/me) once it is known. */
function PlayerMenu() {
  const { user } = useAuth();
  const me = useMe(user !== null);
  const name = me.data?.username ?? user?.name ?? null;
  return <AccountMenu name={name || null} email={user?.email ?? null} />;
}

export function FrameHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gold-700/30 bg-ink-900/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:px-6">
        <Link to="/" className="inline-flex items-center gap-2 rounded font-display text-xl font-bold whitespace-nowrap text-gold-300 hover:text-gold-200">
          <Swords className="size-6" aria-hidden="true" />
          RPG Adventure
        </Link>
        <div className="order-last w-full md:order-none md:w-auto md:flex-1">
          <FrameNav />
        </div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <ConnectionIndicator />
          <InboxBell />
          <SocialBadge />
          <PlayerMenu />
        </div>
      </div>
    </header>
  );
}
