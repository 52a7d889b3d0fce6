import { useEffect } from 'react';
import { useGameSettings } from '@/features/settings/hooks/useGameSettings';
import { gameAudio } from '@/lib/audio';
import { setAwayNoticesEnabled } from '@/lib/notices';

/**
 * Applies the saved device settings (spec 01 "Audio settings") to the audio engine and to the
 * away notices, live: a save in this tab or another one (the storage event) takes effect at once.
 * Also listens for the first gesture, which is when audio may start.
 */
export function DeviceSettingsEffects() {
  const { gameVolume, musicVolume, sfxVolume, notificationsEnabled } = useGameSettings();

  useEffect(() => gameAudio.install(), []);

  useEffect(() => {
    gameAudio.setVolumes({ master: gameVolume, music: musicVolume, sfx: sfxVolume });
  }, [gameVolume, musicVolume, sfxVolume]);

  useEffect(() => {
    setAwayNoticesEnabled(notificationsEnabled);
  }, [notificationsEnabled]);

  return null;
}
