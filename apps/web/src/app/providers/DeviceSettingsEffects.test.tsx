import { act, render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameAudio } from '@/lib/audio';
import { buses, FakeAudioContext } from '@/lib/audio/fake-context';
import { awayNoticesEnabled } from '@/lib/notices';
import { loadAudio } from './audio-loader';
import { DeviceSettingsEffects } from './DeviceSettingsEffects';

beforeAll(() => vi.stubGlobal('AudioContext', FakeAudioContext));
afterAll(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** What another tab does when it saves: write the key; this tab hears a storage event. */
function saveInAnotherTab(settings: object) {
  const value = JSON.stringify(settings);
  localStorage.setItem('gameSettings', value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'gameSettings', newValue: value }));
  });
}

describe('spec 01 section 4: saved audio settings apply at once, also from another tab', () => {
  it('reads the stored volumes, waits for a gesture, then follows saves from other tabs', async () => {
    localStorage.setItem('gameSettings', JSON.stringify({ gameVolume: 100, musicVolume: 50, sfxVolume: 80, notificationsEnabled: true }));
    render(<DeviceSettingsEffects />);
    // The engine's code loads with a game screen (or the first gesture); no gesture yet here.
    await act(async () => void (await loadAudio()));
    expect(gameAudio.snapshot()).toMatchObject({ context: 'none', volumes: { master: 100, music: 50, sfx: 80 } });
    expect(FakeAudioContext.created).toHaveLength(0);

    act(() => void window.dispatchEvent(new Event('pointerdown')));
    const ctx = FakeAudioContext.created.at(-1)!;
    const { master, music, sfx } = buses(ctx);
    expect(master.gain.value).toBe(1);
    expect(music.gain.value).toBeCloseTo(0.25);
    expect(sfx.gain.value).toBeCloseTo(0.64);
    expect(awayNoticesEnabled()).toBe(true);

    saveInAnotherTab({ gameVolume: 50, musicVolume: 0, sfxVolume: 100, notificationsEnabled: false });
    expect(master.gain.value).toBeCloseTo(0.25);
    expect(music.gain.value).toBe(0);
    expect(sfx.gain.value).toBe(1);
    expect(awayNoticesEnabled()).toBe(false);
    expect(gameAudio.play('coins')).toBe('played');

    saveInAnotherTab({ gameVolume: 0, musicVolume: 50, sfxVolume: 80, notificationsEnabled: true });
    expect(master.gain.value).toBe(0);
    expect(gameAudio.play('coins')).toBe('silent');
    expect(awayNoticesEnabled()).toBe(true);
  });
});
