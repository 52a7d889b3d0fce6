import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useSuggestionsQuery } from '../api/get-suggestions';
import { RelationActions } from './RelationActions';
import { UserAvatar } from './UserAvatar';

const NONE = { status: 'none' as const, friendshipId: null };

/** Spec 03 §2 "Friend Suggestions": friends of friends first, then recently active players. */
export function FriendSuggestions() {
  const suggestions = useSuggestionsQuery();
  return (
    <section aria-labelledby="friend-suggestions-title" className="space-y-3">
      <h3 id="friend-suggestions-title" className="font-semibold text-gold-200">
        Friend Suggestions
      </h3>
      {suggestions.isPending ? (
        <Spinner label="Loading suggestions" />
      ) : !suggestions.data ? (
        <LoadErrorAlert title="Failed to load friend suggestions" onRetry={() => void suggestions.refetch()} />
      ) : suggestions.data.suggestions.length === 0 ? (
        <p className="text-sm text-parchment-300">No suggestions available…</p>
      ) : (
        <ul className="divide-y divide-ink-700">
          {suggestions.data.suggestions.map(({ user, mutualFriends }) => (
            <li key={user.id} className="flex items-center gap-3 py-2">
              <UserAvatar username={user.username} avatarUrl={user.avatarUrl} isOnline={user.isOnline} />
              <div className="min-w-0 flex-1">
                <Link to={`/user-profile/${encodeURIComponent(user.id)}`} className="block truncate font-medium text-parchment-100 hover:text-gold-200">
                  {user.username}
                </Link>
                <p className="text-xs text-parchment-300">
                  {mutualFriends > 0 ? `${mutualFriends} mutual ${mutualFriends === 1 ? 'friend' : 'friends'}` : 'Recently active'}
                </p>
              </div>
              <RelationActions userId={user.id} username={user.username} relation={NONE} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
