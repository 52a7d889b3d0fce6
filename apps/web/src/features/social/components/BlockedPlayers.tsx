import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useBlocksQuery } from '../api/get-blocks';
import { RelationActions } from './RelationActions';
import { UserAvatar } from './UserAvatar';

const BLOCKED = { status: 'blocked' as const, friendshipId: null };

/** The players I blocked, each with Unblock. Shown only when there are some, or when they could not be loaded (with a retry). */
export function BlockedPlayers() {
  const blocks = useBlocksQuery();
  if (blocks.isPending) return <Spinner label="Loading blocked players" />;
  if (!blocks.data) return <LoadErrorAlert title="Failed to load blocked players" onRetry={() => void blocks.refetch()} />;
  const users = blocks.data.users;
  if (users.length === 0) return null;
  return (
    <section aria-labelledby="blocked-players-title" className="space-y-3">
      <h3 id="blocked-players-title" className="font-semibold text-gold-200">
        Blocked Players
      </h3>
      <ul aria-label="Blocked players" className="divide-y divide-ink-700">
        {users.map((user) => (
          <li key={user.id} className="flex items-center gap-3 py-2">
            <UserAvatar username={user.username} avatarUrl={user.avatarUrl} />
            <span className="min-w-0 flex-1 truncate text-parchment-100">{user.username}</span>
            <RelationActions userId={user.id} username={user.username} relation={BLOCKED} />
          </li>
        ))}
      </ul>
    </section>
  );
}
