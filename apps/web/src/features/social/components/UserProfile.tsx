import { MessageSquare, Rss, Settings, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGE_FRIENDS_ONLY } from '@rpg/game';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useProfileQuery } from '../api/get-profile';
import { useSocialSummary } from '../api/get-summary';
import { CountBadge } from '@/components/ui/CountBadge';
import { FriendsPanel } from './FriendsPanel';
import { MessagesPanel } from './MessagesPanel';
import { ProfileHeader } from './ProfileHeader';
import { ProfileSettings } from './ProfileSettings';
import { PublicFriends } from './PublicFriends';

export interface UserProfileProps {
  /** The profile's owner; undefined for the signed-in player's own (/user-profile). */
  userId: string | undefined;
  /** The Feed tab (the posts feature), for this user. */
  feed: (userId: string, isOwn: boolean) => ReactNode;
  /** Settings > Password and Settings > Preferences (other features' forms). */
  password: ReactNode;
  preferences: ReactNode;
  /** 'Send Gift' on a friend's profile (the gifts feature), for that friend. */
  gift?: (friend: { id: string; username: string }) => ReactNode;
}

type Tab = 'feed' | 'friends' | 'messages' | 'settings';
const OWN_TABS: readonly Tab[] = ['feed', 'friends', 'messages', 'settings'];
const OTHER_TABS: readonly Tab[] = ['feed', 'friends'];

const TRIGGER =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-parchment-200 hover:bg-ink-700 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950';

/**
 * Spec 03 §2 own profile (tabs Feed, Friends, Messages with the unread badge, Settings; the frame
 * shows 'Back to Game') and another user's (read-only: Feed and Friends, 'Back to My Profile', Message, Add
 * Friend). The tab and the open conversation are in the address (?tab=messages&with=<id>).
 */
export function UserProfile({ userId, feed, password, preferences, gift }: UserProfileProps) {
  const me = useProfileQuery('me');
  const other = useProfileQuery(userId ?? 'me');
  const [params, setParams] = useSearchParams();
  const summary = useSocialSummary();
  const navigate = useNavigate();

  const myId = me.data?.user.id;
  const isOwn = userId === undefined || userId === myId;
  const profile = isOwn ? me : other;
  const tabs = isOwn ? OWN_TABS : OTHER_TABS;
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'feed';

  const openTab = (next: Tab, extra: Record<string, string> = {}) => setParams({ tab: next, ...extra }, { replace: next === tab });

  if (profile.isError) return <LoadErrorAlert title="Failed to load user profile" onRetry={() => void profile.refetch()} className="mx-auto max-w-xl" />;
  if (!profile.data || !myId) return <CenteredSpinner label="Loading profile" />;
  const view = profile.data;

  const messageOther = () => {
    if (view.relation.status !== 'friends') {
      toast.info(MESSAGE_FRIENDS_ONLY);
      return;
    }
    void navigate(`/user-profile?tab=messages&with=${encodeURIComponent(view.user.id)}`);
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-4">
      <ProfileHeader
        profile={view}
        isOwn={isOwn}
        onMessage={messageOther}
        gift={!isOwn && view.relation.status === 'friends' ? gift?.(view.user) : undefined}
      />
      <Tabs.Root value={tab} onValueChange={(value) => openTab(value as Tab)}>
        <Tabs.List aria-label="Profile" className="flex flex-wrap gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1">
          <Tabs.Trigger value="feed" className={TRIGGER}>
            <Rss className="size-4" aria-hidden="true" />
            Feed
          </Tabs.Trigger>
          <Tabs.Trigger value="friends" className={TRIGGER}>
            <Users className="size-4" aria-hidden="true" />
            Friends
            {isOwn ? <CountBadge count={summary.data?.incomingRequests ?? 0} tone="ember" /> : null}
          </Tabs.Trigger>
          {isOwn ? (
            <>
              <Tabs.Trigger value="messages" className={TRIGGER}>
                <MessageSquare className="size-4" aria-hidden="true" />
                Messages
                <CountBadge count={summary.data?.unreadMessages ?? 0} tone="ember" className="unread-badge" />
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className={TRIGGER}>
                <Settings className="size-4" aria-hidden="true" />
                Settings
              </Tabs.Trigger>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="feed" className="mt-4">
          {tab === 'feed' ? feed(view.user.id, isOwn) : null}
        </Tabs.Content>
        <Tabs.Content value="friends" className="mt-4">
          {isOwn ? <FriendsPanel onMessage={(id) => openTab('messages', { with: id })} /> : <PublicFriends userId={view.user.id} />}
        </Tabs.Content>
        {isOwn ? (
          <>
            <Tabs.Content value="messages" className="mt-4">
              <MessagesPanel myId={myId} activeId={params.get('with')} onSelect={(id) => openTab('messages', { with: id })} />
            </Tabs.Content>
            <Tabs.Content value="settings" className="mt-4">
              <ProfileSettings profile={view} password={password} preferences={preferences} />
            </Tabs.Content>
          </>
        ) : null}
      </Tabs.Root>
    </section>
  );
}
