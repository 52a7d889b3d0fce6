import type { ProfileView } from '@rpg/contract';
import { ArrowLeft, Ban, Camera, ImageUp, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { FileButton } from '@/components/ui/FileButton';
import { useFriendAction } from '../api/friend-actions';
import { useUploadProfileImage } from '../api/profile-image';
import { presenceLabel } from '../lib/friend-tabs';
import { RelationActions } from './RelationActions';
import { UserAvatar } from './UserAvatar';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface ProfileHeaderProps {
  profile: ProfileView;
  isOwn: boolean;
  /** Another player's profile: open the conversation with them. */
  onMessage?: () => void;
  /** A friend's profile: the 'Send Gift' control (another feature's). */
  gift?: ReactNode;
}

/** Spec 03 §2: banner and avatar (upload controls on the own profile only), name, presence, counters. */
export function ProfileHeader({ profile, isOwn, onMessage, gift }: ProfileHeaderProps) {
  const { user, counts } = profile;
  const avatar = useUploadProfileImage('avatar');
  const banner = useUploadProfileImage('banner');

  return (
    <header className="overflow-hidden rounded-xl border border-gold-700/40 bg-ink-850/90">
      <div className="relative h-32 sm:h-44">
        <div
          className="absolute inset-0 bg-gradient-to-r from-ink-700 via-gold-900 to-ink-700 bg-cover bg-center"
          style={user.bannerUrl ? { backgroundImage: `url("${encodeURI(user.bannerUrl)}")` } : undefined}
          role={user.bannerUrl ? 'img' : undefined}
          aria-label={user.bannerUrl ? `${user.username}'s banner` : undefined}
        />
        {isOwn ? (
          <div className="absolute right-3 bottom-3">
            <FileButton
              label="Change Banner"
              accept={IMAGE_TYPES}
              onFile={(file) => banner.mutate(file)}
              disabled={banner.isPending}
              icon={<ImageUp className="size-4" aria-hidden="true" />}
              className="bg-ink-900/80"
            />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-4 px-4 pb-4 sm:flex-row sm:items-end">
        <div className="-mt-12 flex items-end gap-3">
          <UserAvatar username={user.username} avatarUrl={user.avatarUrl} isOnline={user.isOnline} className="size-24 [&>span:last-child]:size-5" />
          {isOwn ? (
            <FileButton
              label="Change Avatar"
              accept={IMAGE_TYPES}
              onFile={(file) => avatar.mutate(file)}
              disabled={avatar.isPending}
              icon={<Camera className="size-4" aria-hidden="true" />}
              variant="ghost"
            />
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <h1 id="page-title" className="truncate font-display text-2xl font-bold text-gold-300 sm:text-3xl">
            {user.username}
            {user.title ? (
              <span
                className="ml-2 align-middle rounded-md border border-gold-600/60 bg-gold-500/10 px-2 py-0.5 font-sans text-sm font-semibold text-gold-200"
                data-testid="player-title"
              >
                <span className="sr-only">, </span>
                {user.title}
              </span>
            ) : null}
          </h1>
          <p className="text-sm text-parchment-300">{presenceLabel(user.isOnline, user.lastSeen)}</p>
        </div>
        <dl className="flex gap-6 text-center">
          <Counter label="Posts" value={counts.posts} />
          <Counter label="Friends" value={counts.friends} />
          <Counter label="Characters" value={counts.characters} />
        </dl>
      </div>
      {isOwn ? null : (
        <div className="flex flex-wrap items-center gap-2 border-t border-ink-700 px-4 py-3">
          <Link to="/user-profile" className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to My Profile
          </Link>
          <span className="flex-1" />
          <Button size="sm" variant="secondary" onClick={onMessage}>
            <MessageSquare className="size-4" aria-hidden="true" />
            Message
          </Button>
          {gift}
          <RelationActions userId={user.id} username={user.username} relation={profile.relation} canAnswer={false} />
          <BlockButton profile={profile} />
        </div>
      )}
    </header>
  );
}

function Counter({ label, value }: { label: string; value: number }): ReactNode {
  return (
    <div>
      <dt className="text-xs tracking-wide text-parchment-300 uppercase">{label}</dt>
      <dd className="text-xl font-semibold text-parchment-50">{value}</dd>
    </div>
  );
}

function BlockButton({ profile }: { profile: ProfileView }) {
  const action = useFriendAction();
  if (profile.relation.status === 'blocked' || profile.relation.status === 'self') return null;
  const name = profile.user.username;
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={`Block ${name}`}>
          <Ban className="size-4" aria-hidden="true" />
          Block
        </Button>
      }
      title="Block player?"
      description={`${name} will not be able to send you friend requests or messages, or see when you are online. Your friendship ends.`}
      confirmLabel="Block"
      destructive
      onConfirm={() => action.mutate({ kind: 'block', userId: profile.user.id })}
    />
  );
}
