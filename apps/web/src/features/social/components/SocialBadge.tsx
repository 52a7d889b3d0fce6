import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { useSocialSummary } from '../api/get-summary';
import { CountBadge } from '@/components/ui/CountBadge';

/** The frame's way to the profile: incoming friend requests and unread messages, live. */
export function SocialBadge() {
  const summary = useSocialSummary();
  const requests = summary.data?.incomingRequests ?? 0;
  const unread = summary.data?.unreadMessages ?? 0;
  const tab = requests > 0 ? 'friends' : unread > 0 ? 'messages' : 'feed';
  const label = [
    'Friends and messages',
    requests > 0 ? `${requests} friend ${requests === 1 ? 'request' : 'requests'}` : '',
    unread > 0 ? `${unread} unread` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link to={`/user-profile?tab=${tab}`} aria-label={label} title={label} className={buttonClasses('ghost', 'sm', 'relative')}>
      <Users className="size-5" aria-hidden="true" />
      <CountBadge count={requests + unread} tone="ember" className="absolute -top-1 -right-1" />
    </Link>
  );
}
