import { cn } from '@/lib/cn';

interface UserAvatarProps {
  username: string;
  avatarUrl: string | null;
  /** Shows the presence dot when given. */
  isOnline?: boolean;
  className?: string;
}

/** The player's avatar, or the first letter of their name; a green dot when online. */
export function UserAvatar({ username, avatarUrl, isOnline, className }: UserAvatarProps) {
  return (
    <span className={cn('relative inline-flex size-10 shrink-0', className)}>
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className="size-full rounded-full border border-gold-700/50 object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-full items-center justify-center rounded-full border border-gold-700/50 bg-ink-700 font-display text-gold-200 uppercase"
        >
          {username.slice(0, 1)}
        </span>
      )}
      {isOnline === undefined ? null : (
        <span
          aria-hidden="true"
          className={cn('absolute right-0 bottom-0 size-3 rounded-full border-2 border-ink-900', isOnline ? 'bg-moss-400' : 'bg-ink-500')}
        />
      )}
    </span>
  );
}
