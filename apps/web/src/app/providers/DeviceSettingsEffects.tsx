import { useEffect, useSyncExternalStore } from 'react';
import { useGameSettings } from '@/features/settings/hooks/useGameSettings';
import { setAwayNoticesEnabled } from '@/lib/notices';
import { loadAudio, loadedAudio, subscribeAudio } from './audio-loader';

/** The gestures that may start audio (as the engine's own). */
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/**
 * Applies the saved device settings (spec 01 "Audio settings") to the audio engine and to the
 * away notices, live: a save in this tab or another one (the storage event) takes effect at once.
 * Also listens for the first gesture, which is when audio may start: the engine's code loads then
 * (or earlier, with a screen that plays sounds) and starts at once when a gesture came first.
 */
export function DeviceSettingsEffects() {
  const { gameVolume, musicVolume, sfxVolume, notificationsEnabled } = useGameSettings();
  const audio = useSyncExternalStore(subscribeAudio, loadedAudio, () => null);

  useEffect(() => {
    if (audio) return undefined;
    const load = () => void loadAudio().catch(() => undefined);
    for (const type of GESTURES) window.addEventListener(type, load, { capture: true, passive: true, once: true });
    return () => {
      for (const type of GESTURES) window.removeEventListener(type, load, { capture: true });
    };
  }, [audio]);

  useEffect(() => {
    audio?.setVolumes({ master: gameVolume, music: musicVolume, sfx: sfxVolume });
  }, [audio, gameVolume, musicVolume, sfxVolume]);

  useEffect(() => {
    if (!audio) return undefined;
    const uninstall = audio.install();
    // The gesture that loaded the engine has passed: it starts now (the page has had its activation).
    if (navigator.userActivation?.hasBeenActive) audio.unlock();
    return uninstall;
  }, [audio]);

  useEffect(() => {
    setAwayNoticesEnabled(notificationsEnabled);
  }, [notificationsEnabled]);

  return null;
}
