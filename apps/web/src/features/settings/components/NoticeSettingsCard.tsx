import { NOTICE_KINDS, type NoticeKind } from '@rpg/contract';
import { BellRing } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { requestDesktopNotifications } from '@/lib/notices';
import { devicePushState, subscribeThisDevice, unsubscribeThisDevice, type DevicePush } from '@/lib/web-push';
import { useNoticeSettings, useSaveNoticeSettings } from '../api/notice-settings';

const LABELS: Record<NoticeKind, { label: string; hint: string }> = {
  adventures: { label: 'Adventures', hint: 'An adventure ends: won or lost.' },
  crafts: { label: 'Crafting', hint: 'A craft is ready, or waits for room in the backpack.' },
  restock: { label: 'Store restocks', hint: 'The store has new items (every four hours).' },
};

const DEVICE_TEXT: Record<DevicePush, string> = {
  unsupported: 'This browser cannot receive pushes.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  off: 'Off: this device hears about nothing while the game is closed.',
  on: 'On: adventures and crafts that end while the game is closed reach this device.',
};

function ChoiceSwitch({ kind, checked, disabled, onChange }: { kind: NoticeKind; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border border-ink-600 bg-ink-950/40 px-3 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-parchment-200">
          {LABELS[kind].label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-parchment-400">
          {LABELS[kind].hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-ink-600 transition-colors disabled:opacity-50 data-[state=checked]:bg-gold-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-parchment-50 shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** This device's Web Push: the browser's subscription, turned on (permission asked) or off here. */
function DevicePushRow() {
  const [state, setState] = useState<DevicePush | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void devicePushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    try {
      if (on) {
        const permission = await requestDesktopNotifications();
        setState(permission === 'granted' ? await subscribeThisDevice() : permission === 'denied' ? 'denied' : 'off');
      } else setState(await unsubscribeThisDevice());
    } catch (error) {
      console.info('Push subscription not changed:', error);
      toast.error('Push Not Changed', { description: 'This device could not be subscribed. Try again later.' });
      setState(await devicePushState());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rounded-md border border-ink-600 bg-ink-950/40 px-3 py-3">
      <p className="text-sm font-medium text-parchment-200">This device, while the game is closed</p>
      <p className="mt-0.5 text-xs text-parchment-400" aria-live="polite">
        {state ? DEVICE_TEXT[state] : 'Checking this device...'}
      </p>
      {state === 'on' || state === 'off' ? (
        <Button className="mt-3" size="sm" variant={state === 'on' ? 'ghost' : 'primary'} disabled={busy} onClick={() => void change(state === 'off')}>
          {state === 'on' ? 'Turn Off Push on This Device' : 'Turn On Push on This Device'}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Issue 44 point 3: which timers' ends the player hears about, saved on the server (every tab and
 * device follows at once), and this device's push while the game is closed.
 */
export function NoticeSettingsCard() {
  const settings = useNoticeSettings();
  const save = useSaveNoticeSettings();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-2xl font-semibold text-gold-200">
        <BellRing className="size-6 text-gold-400" aria-hidden="true" />
        Timer Notices
      </h2>
      <p className="mt-1 text-sm text-parchment-300">
        When a timer ends: a toast, a sound, the count in the tab's title, and a desktop notice while the tab is hidden.
      </p>
      <div className="mt-5 space-y-3">
        {settings.data ? (
          NOTICE_KINDS.map((kind) => (
            <ChoiceSwitch
              key={kind}
              kind={kind}
              checked={settings.data[kind]}
              disabled={save.isPending}
              onChange={(on) =>
                save.mutate(
                  { [kind]: on },
                  { onError: () => toast.error('Settings Not Saved', { description: 'Your notice settings could not be saved. Try again.' }) },
                )
              }
            />
          ))
        ) : settings.isError ? (
          <p className="text-sm text-ember-300">Your notice settings could not be loaded.</p>
        ) : (
          <Spinner />
        )}
        <DevicePushRow />
      </div>
    </Card>
  );
}
