import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { useProfileFriendsQuery } from '../api/get-profile-friends';
import { presenceLabel } from '../lib/friend-tabs';
import { UserAvatar } from './UserAvatar';

/** Another player's Friends tab (read-only, spec 03 §2). */
export function PublicFriends({ userId }: { userId: string }) {
  const friends = useProfileFriendsQuery(userId);
  return (
    <Card className="p-4">
      {friends.isError ? (
        <LoadErrorAlert title="Failed to load friends" onRetry={() => void friends.refetch()} />
      ) : friends.isPending ? (
        <Spinner label="Loading friends" />
      ) : friends.data.friends.length === 0 ? (
        <p className="py-8 text-center text-parchment-300">No friends yet</p>
      ) : (
        <ul aria-label="Friends" className="divide-y divide-ink-700">
          {friends.data.friends.map((user) => (
            <li key={user.id} className="flex items-center gap-3 py-3">
              <UserAvatar username={user.username} avatarUrl={user.avatarUrl} isOnline={user.isOnline} />
              <div className="min-w-0">
                <Link to={`/user-profile/${encodeURIComponent(user.id)}`} className="block truncate font-medium text-parchment-100 hover:text-gold-200">
                  {user.username}
                </Link>
                <p className="text-xs text-parchment-300">{presenceLabel(user.isOnline, user.lastSeen)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
