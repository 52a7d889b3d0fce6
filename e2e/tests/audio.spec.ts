import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';

interface Snapshot {
  context: string;
  volumes: { master: number; music: number; sfx: number };
  applied: { master: number; music: number; sfx: number } | null;
  music: { wanted: boolean; playing: boolean };
  played: Array<{ name: string; status: string }>;
}

type ProbeWindow = { __rpgAudioProbe?: (audio: unknown) => void; __seenAudio?: { snapshot(): Snapshot } };

/** The app hands its read-only audio view to a probe defined before it loads (in every tab of the context). */
async function probeAudio(page: Page) {
  await page.context().addInitScript(() => {
    const w = globalThis as unknown as ProbeWindow;
    w.__rpgAudioProbe = (audio) => {
      w.__seenAudio = audio as ProbeWindow['__seenAudio'];
    };
  });
}

function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const audio = (globalThis as unknown as ProbeWindow).__seenAudio;
    if (!audio) throw new Error('the audio engine was not handed to the probe');
    const view = audio.snapshot();
    // Gains to two decimals: 0.7 squared is 0.48999999999999994 in floating point.
    const round = (x: number) => Math.round(x * 100) / 100;
    const applied = view.applied && { master: round(view.applied.master), music: round(view.applied.music), sfx: round(view.applied.sfx) };
    return { ...view, applied };
  });
}

const slider = (page: Page, name: string) => page.getByRole('slider', { name });

test.describe('game audio (spec 01 §2 splash and audio settings)', () => {
  test("the 'Click to Play' splash plays its sound, and nothing starts before the click", async ({ page }) => {
    await probeAudio(page);
    await page.goto('/welcome');
    await expect(page.getByRole('button', { name: 'Click to Play' })).toBeVisible();
    expect(await snapshot(page)).toMatchObject({ context: 'none', played: [] });

    await page.getByRole('button', { name: 'Click to Play' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    const after = await snapshot(page);
    expect(after.played).toContainEqual({ name: 'splash', status: 'played' });
    expect(after.context).toMatch(/running|suspended/);
    // The landing page is not a game screen: no music there.
    expect(after.music).toEqual({ wanted: false, playing: false });
  });

  test('the engine follows the saved volumes and mute, in this tab and in another one', async ({ page }) => {
    await probeAudio(page);
    await signedIn(page);
    await page.goto('/settings');
    await expect(slider(page, 'Master Volume')).toHaveAttribute('aria-valuenow', '70');
    expect((await snapshot(page)).volumes).toEqual({ master: 70, music: 50, sfx: 80 });

    // The first gesture starts audio; the game screens want their music.
    await page.getByRole('heading', { name: 'Game Settings' }).click();
    await expect.poll(async () => (await snapshot(page)).applied).toEqual({ master: 0.49, music: 0.25, sfx: 0.64 });
    expect((await snapshot(page)).music).toEqual({ wanted: true, playing: true });

    const otherTab = await page.context().newPage();
    await otherTab.goto('/game');
    await expect(otherTab.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await otherTab.getByRole('heading', { name: 'Game Portal' }).click();
    await expect.poll(async () => (await snapshot(otherTab)).music.playing).toBe(true);

    // Master down to 60, effects muted, music muted; nothing changes until saved.
    await slider(page, 'Master Volume').focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Mute Sound Effects' }).click();
    await page.getByRole('button', { name: 'Mute Music Volume' }).click();
    expect((await snapshot(page)).volumes).toEqual({ master: 70, music: 50, sfx: 80 });

    await page.getByRole('button', { name: 'Save Audio Settings' }).click();
    await expect(page.getByText('Settings Saved')).toBeVisible();
    await expect.poll(async () => (await snapshot(page)).volumes).toEqual({ master: 60, music: 0, sfx: 0 });
    const saved = await snapshot(page);
    expect(saved.applied).toEqual({ master: 0.36, music: 0, sfx: 0 });
    expect(saved.music.playing).toBe(false);

    // The other tab heard the save through the storage event.
    await expect.poll(async () => (await snapshot(otherTab)).applied).toEqual({ master: 0.36, music: 0, sfx: 0 });
    expect((await snapshot(otherTab)).music.playing).toBe(false);

    // Unmuting music brings the loop back in both tabs.
    await page.getByRole('button', { name: 'Mute Music Volume' }).click();
    await page.getByRole('button', { name: 'Save Audio Settings' }).click();
    await expect.poll(async () => (await snapshot(otherTab)).music.playing).toBe(true);
    await expect.poll(async () => (await snapshot(page)).applied).toEqual({ master: 0.36, music: 0.25, sfx: 0 });
    await otherTab.close();
  });
});
