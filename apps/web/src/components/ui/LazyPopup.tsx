import { Slot } from 'radix-ui';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import type { LazyModule } from '@/lib/lazy-module';

/** What the loaded popup is given: its trigger (with the ref LazyPopup needs), and whether it mounts open. */
export interface LazyPopupMount {
  trigger: ReactElement;
  defaultOpen: boolean;
}

interface LazyPopupProps<T> {
  /** The popup's code (a Radix menu or dialog and what it needs): loaded on first use. */
  popup: LazyModule<T>;
  /** 'menu' opens as a Radix dropdown does (pointer down, Enter, Space, ArrowDown); 'dialog' on click. */
  kind: 'menu' | 'dialog';
  /** The trigger as the closed popup shows it (a button); rendered alone until the first press. */
  trigger: ReactElement;
  /** The loaded popup around `mount.trigger`: it replaces the stand-in on the first press. */
  children: (loaded: T, mount: LazyPopupMount) => ReactNode;
}

const MENU_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A menu or dialog whose code loads on first use instead of with the page (the game frame's
 * account menu, the portal's delete confirmation: ~30 KB gzip of Radix off /game's first load).
 * Until then the trigger renders alone, with the attributes of a closed Radix trigger; pointing at
 * it or focusing it starts the load, and pressing it opens the popup as soon as it has loaded: a
 * pointer press mounts it open, a key press is replayed on the real trigger (so a menu opened from
 * the keyboard focuses its first item, as Radix does).
 */
export function LazyPopup<T>({ popup, kind, trigger, children }: LazyPopupProps<T>) {
  const loaded = useSyncExternalStore(popup.subscribe, popup.loaded, () => null);
  const [press, setPress] = useState<{ key: string | null } | null>(null);
  const triggerRef = useRef<HTMLElement>(null);
  const shown = press !== null && loaded !== null;
  const replayKey = shown ? press.key : null;

  useEffect(() => {
    const real = triggerRef.current;
    if (replayKey === null || !real) return;
    real.focus();
    real.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: replayKey, bubbles: true, cancelable: true }));
  }, [replayKey]);

  if (shown) {
    return children(loaded, { trigger: <Slot.Root ref={triggerRef}>{trigger}</Slot.Root>, defaultOpen: press.key === null });
  }

  const prefetch = () => void popup.load().catch(() => undefined);
  const pressed = (key: string | null) => {
    setPress({ key });
    prefetch();
  };
  const opening =
    kind === 'menu'
      ? {
          onPointerDown: (event: PointerEvent) => {
            if (event.button !== 0 || event.ctrlKey) return;
            // As Radix's trigger does: the menu takes the focus, not the trigger.
            event.preventDefault();
            pressed(null);
          },
          onKeyDown: (event: KeyboardEvent) => {
            if (!MENU_KEYS.includes(event.key)) return;
            event.preventDefault();
            pressed(event.key);
          },
        }
      : // Enter and Space click a button.
        { onClick: () => pressed(null) };

  return (
    <Slot.Root aria-haspopup={kind} aria-expanded={false} data-state="closed" onPointerEnter={prefetch} onFocus={prefetch} {...opening}>
      {trigger}
    </Slot.Root>
  );
}
