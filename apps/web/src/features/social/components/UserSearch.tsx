import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useUserSearch } from '../api/search-users';
import { RelationActions } from './RelationActions';
import { UserAvatar } from './UserAvatar';

/** Spec 03 §2 "A user search": a username fragment (never an e-mail address: issue 25), 5 results. */
export function UserSearch() {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const search = useUserSearch(term);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTerm(draft.trim());
  }

  return (
    <section aria-labelledby="user-search-title" className="space-y-3">
      <h3 id="user-search-title" className="font-semibold text-gold-200">
        Find Players
      </h3>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="user-search-input">
          Search players
        </label>
        <input
          id="user-search-input"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Username"
          maxLength={254}
          className={cn(
            'h-10 min-w-0 flex-1 rounded-md border border-ink-500 bg-ink-950/70 px-3 text-parchment-50',
            'placeholder:text-parchment-400/80',
            'focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
        <Button type="submit" size="sm" disabled={draft.trim() === ''}>
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>
      {term === '' ? null : search.isPending ? (
        <Spinner label="Searching" />
      ) : !search.data ? (
        <LoadErrorAlert title="Failed to search users" onRetry={() => void search.refetch()} />
      ) : search.data.users.length === 0 ? (
        <p className="text-sm text-parchment-300">No players found. Try a different search term.</p>
      ) : (
        <ul aria-label="Search results" className="divide-y divide-ink-700">
          {search.data?.users.map(({ user, relation }) => (
            <li key={user.id} className="flex items-center gap-3 py-2">
              <UserAvatar username={user.username} avatarUrl={user.avatarUrl} isOnline={user.isOnline} />
              <Link to={`/user-profile/${encodeURIComponent(user.id)}`} className="min-w-0 flex-1 truncate font-medium text-parchment-100 hover:text-gold-200">
                {user.username}
              </Link>
              <RelationActions userId={user.id} username={user.username} relation={relation} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
