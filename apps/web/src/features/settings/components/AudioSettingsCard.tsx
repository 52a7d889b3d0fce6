import { Save, Volume2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { requestDesktopNotifications } from '@/lib/notices';
import { saveGameSettings, useGameSettings } from '../hooks/useGameSettings';
import { sameSettings, setVolume, toggleMute, type GameSettings, type VolumeChannel } from '../lib/game-settings';
import { VolumeControl } from './VolumeControl';

const CHANNELS: ReadonlyArray<{ channel: VolumeChannel; label: string }> = [
  { channel: 'gameVolume', label: 'Master Volume' },
  { channel: 'musicVolume', label: 'Music Volume' },
  { channel: 'sfxVolume', label: 'Sound Effects' },
];

/** Volumes and notifications, kept on this device; a save in another tab shows here at once. */
export function AudioSettingsCard() {
  const saved = useGameSettings();
  const [draft, setDraft] = useState<GameSettings>(saved);
  const [shown, setShown] = useState<GameSettings>(saved);
  const switchId = useId();

  // Saved elsewhere (another tab, or the save below): start again from what is stored.
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }

  function save() {
    saveGameSettings(draft);
    toast.success('Settings Saved', { description: 'Your volume settings have been saved successfully' });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-2xl font-semibold text-gold-200">
        <Volume2 className="size-6 text-gold-400" aria-hidden="true" />
        Audio Settings
      </h2>
      <div className="mt-5 space-y-5">
        {CHANNELS.map(({ channel, label }) => (
          <VolumeControl
            key={channel}
            label={label}
            value={draft[channel]}
            onChange={(value) => setDraft((current) => setVolume(current, channel, value))}
            onToggleMute={() => setDraft((current) => toggleMute(current, channel))}
          />
        ))}
        <div className="flex items-center justify-between gap-4 rounded-md border border-ink-600 bg-ink-950/40 px-3 py-3">
          <div>
            <label htmlFor={switchId} className="text-sm font-medium text-parchment-200">
              Notifications
            </label>
            <p id={`${switchId}-hint`} className="mt-0.5 text-xs text-parchment-400">
              Adventures and crafts that finish, store restocks; on the desktop too while this tab is hidden, if your browser allows it.
            </p>
          </div>
          <Switch.Root
            id={switchId}
            aria-describedby={`${switchId}-hint`}
            checked={draft.notificationsEnabled}
            onCheckedChange={(notificationsEnabled) => {
              setDraft((current) => ({ ...current, notificationsEnabled }));
              // Turning the switch on is the moment to ask for desktop notifications (never on load).
              if (notificationsEnabled) void requestDesktopNotifications();
            }}
            className="relative h-6 w-11 shrink-0 rounded-full bg-ink-600 transition-colors data-[state=checked]:bg-gold-500"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-parchment-50 shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-parchment-300" aria-live="polite">
          {sameSettings(draft, saved) ? '' : 'Unsaved changes'}
        </span>
        <Button onClick={save}>
          <Save className="size-4" aria-hidden="true" />
          Save Audio Settings
        </Button>
      </div>
    </Card>
  );
}
