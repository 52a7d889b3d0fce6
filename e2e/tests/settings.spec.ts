import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { logIn, PASSWORD, signedIn } from '../support/game.ts';

const slider = (page: Page, name: string) => page.getByRole('slider', { name });

test.describe('settings (spec 01 §2 /settings, §4, §5; DECISIONS §2)', () => {
  test('audio settings: defaults, mute and unmute, save, restored after a reload and shared with other tabs', async ({ page }) => {
    await signedIn(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Game Settings' })).toBeVisible();
    await expect(slider(page, 'Master Volume')).toHaveAttribute('aria-valuenow', '70');
    await expect(slider(page, 'Music Volume')).toHaveAttribute('aria-valuenow', '50');
    await expect(slider(page, 'Sound Effects')).toHaveAttribute('aria-valuenow', '80');
    await expect(slider(page, 'Master Volume')).toHaveAttribute('aria-valuetext', '70%');
    await expect(page.getByRole('switch', { name: 'Notifications' })).toBeChecked();

    // Mute sets 0; unmute restores the spec's value.
    await slider(page, 'Music Volume').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider(page, 'Music Volume')).toHaveAttribute('aria-valuenow', '49');
    await page.getByRole('button', { name: 'Mute Music Volume' }).click();
    await expect(slider(page, 'Music Volume')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('button', { name: 'Mute Music Volume' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Mute Music Volume' }).click();
    await expect(slider(page, 'Music Volume')).toHaveAttribute('aria-valuenow', '50');

    await page.getByRole('button', { name: 'Mute Sound Effects' }).click();
    await slider(page, 'Master Volume').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(slider(page, 'Master Volume')).toHaveAttribute('aria-valuenow', '65');
    await page.getByRole('switch', { name: 'Notifications' }).click();

    const otherTab = await page.context().newPage();
    await otherTab.goto('/settings');
    await expect(slider(otherTab, 'Master Volume')).toHaveAttribute('aria-valuenow', '70');

    await page.getByRole('button', { name: 'Save Audio Settings' }).click();
    await expect(page.getByText('Settings Saved')).toBeVisible();
    await expect(page.getByText('Your volume settings have been saved successfully')).toBeVisible();
    const raw = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('gameSettings'),
    );
    expect(JSON.parse(raw ?? 'null')).toEqual({ gameVolume: 65, musicVolume: 50, sfxVolume: 0, notificationsEnabled: false });

    // The other tab hears the save through the storage event.
    await expect(slider(otherTab, 'Master Volume')).toHaveAttribute('aria-valuenow', '65');
    await expect(otherTab.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
    await otherTab.close();

    await page.reload();
    await expect(slider(page, 'Master Volume')).toHaveAttribute('aria-valuenow', '65');
    await expect(slider(page, 'Music Volume')).toHaveAttribute('aria-valuenow', '50');
    await expect(slider(page, 'Sound Effects')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('button', { name: 'Mute Sound Effects' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
  });

  test('password change: the form rules, a wrong current password, then a real change and a login with it', async ({ page }) => {
    const email = await signedIn(page);
    await page.goto('/settings');
    const current = page.getByLabel('Current Password');
    const next = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    const update = page.getByRole('button', { name: 'Update Password' });

    await update.click();
    await expect(page.getByText('Please fill in all three password fields.')).toBeVisible();
    // The next submissions by the keyboard (Enter in the form): a toast of the step before can lie over
    // the button, and sonner keeps a toast under the pointer, which once held a click for the whole timeout.

    await current.fill(PASSWORD);
    await next.fill('new-secret-1');
    await confirm.fill('new-secret-2');
    await confirm.press('Enter');
    await expect(page.getByText("New passwords don't match. Please try again.")).toBeVisible();
    await expect(page.getByText('Password Error').first()).toBeVisible();

    await next.fill('short');
    await confirm.fill('short');
    await confirm.press('Enter');
    await expect(page.getByText('Password must be at least 6 characters').first()).toBeVisible();

    await current.fill('not-my-password');
    await next.fill('new-secret-1');
    await confirm.fill('new-secret-1');
    await confirm.press('Enter');
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await current.fill(PASSWORD);
    await confirm.press('Enter');
    await expect(page.getByText('Password Updated')).toBeVisible();
    await expect(page.getByText('Your password has been changed. Other sessions were signed out.')).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');

    // This tab stays signed in; then the new password works and the old one does not.
    await page.goto('/game');
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await logIn(page, email, 'new-secret-1');
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
  });
});
