import type { ProfileView } from '@rpg/contract';
import { NO_PROFILE_CHANGES } from '@rpg/game';
import { Camera, ImageUp, Save, Trash2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FileButton } from '@/components/ui/FileButton';
import { TextField } from '@/components/ui/TextField';
import { useUploadProfileImage } from '../api/profile-image';
import { useUpdateProfile } from '../api/update-profile';
import { IMAGE_TYPES } from './ProfileHeader';
import { useRemoveProfileImage } from '../api/remove-profile-image';

interface ProfileSettingsProps {
  profile: ProfileView;
  /** The Password tab's form (the account's real password change). */
  password: ReactNode;
  /** The Preferences tab: this device's audio and notification settings. */
  preferences: ReactNode;
}

const TRIGGER =
  'inline-flex min-h-10 items-center justify-center rounded-lg px-3 text-sm font-medium text-parchment-200 hover:bg-ink-700 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950';

/** Spec 03 §2 Settings: Profile (e-mail read-only, username, avatar, banner), Password, Preferences. */
export function ProfileSettings({ profile, password, preferences }: ProfileSettingsProps) {
  return (
    <Tabs.Root defaultValue="profile">
      <Tabs.List aria-label="Settings" className="inline-grid grid-cols-3 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1">
        <Tabs.Trigger value="profile" className={TRIGGER}>
          Profile
        </Tabs.Trigger>
        <Tabs.Trigger value="password" className={TRIGGER}>
          Password
        </Tabs.Trigger>
        <Tabs.Trigger value="preferences" className={TRIGGER}>
          Preferences
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="profile" className="mt-4">
        <ProfileForm key={profile.user.username} profile={profile} />
      </Tabs.Content>
      <Tabs.Content value="password" className="mt-4 max-w-xl">
        {password}
      </Tabs.Content>
      <Tabs.Content value="preferences" className="mt-4 max-w-xl">
        {preferences}
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ProfileForm({ profile }: { profile: ProfileView }) {
  const [username, setUsername] = useState(profile.user.username);
  const update = useUpdateProfile();
  const avatar = useUploadProfileImage('avatar');
  const banner = useUploadProfileImage('banner');
  const removeAvatar = useRemoveProfileImage('avatar');
  const removeBanner = useRemoveProfileImage('banner');

  function submit(event: FormEvent) {
    event.preventDefault();
    // Spec 03 §5: only changed fields are sent.
    if (username.trim() === profile.user.username) {
      toast.info(NO_PROFILE_CHANGES);
      return;
    }
    update.mutate(username.trim());
  }

  return (
    <Card className="max-w-xl p-4 sm:p-6">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          value={profile.email ?? ''}
          readOnly
          disabled
          hint="Your e-mail address cannot be changed and is never shown to other players."
        />
        <TextField
          label="Username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          maxLength={40}
          autoComplete="nickname"
          hint="Your public name everywhere in the game."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
            <Save className="size-4" aria-hidden="true" />
            Save Profile
          </Button>
        </div>
      </form>
      <div className="mt-6 grid gap-4 border-t border-ink-700 pt-4 sm:grid-cols-2">
        <ImageSetting
          title="Avatar"
          url={profile.user.avatarUrl}
          upload={
            <FileButton
              label="Upload Avatar"
              accept={IMAGE_TYPES}
              onFile={(f) => avatar.mutate(f)}
              disabled={avatar.isPending}
              icon={<Camera className="size-4" aria-hidden="true" />}
            />
          }
          onRemove={() => removeAvatar.mutate()}
        />
        <ImageSetting
          title="Banner"
          url={profile.user.bannerUrl}
          upload={
            <FileButton
              label="Upload Banner"
              accept={IMAGE_TYPES}
              onFile={(f) => banner.mutate(f)}
              disabled={banner.isPending}
              icon={<ImageUp className="size-4" aria-hidden="true" />}
            />
          }
          onRemove={() => removeBanner.mutate()}
        />
      </div>
    </Card>
  );
}

function ImageSetting({ title, url, upload, onRemove }: { title: string; url: string | null; upload: ReactNode; onRemove: () => void }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-parchment-200">{title}</h3>
      {url ? (
        <img src={url} alt={`Your ${title.toLowerCase()}`} className="h-20 max-w-full rounded-md border border-ink-600 object-cover" />
      ) : (
        <p className="text-xs text-parchment-300">None yet.</p>
      )}
      <p className="text-xs text-parchment-400">PNG, JPEG, WebP or GIF, at most 2 MB.</p>
      <div className="flex flex-wrap gap-2">
        {upload}
        {url ? (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${title.toLowerCase()}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
