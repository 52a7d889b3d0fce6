import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.ts';
import { BASE_URL, latestMail, logIn, newEmail, PASSWORD, signedIn, signUpThroughForm } from '../support/game.ts';

/** Issue 43: accounts like a real service (docs/decisions/accounts.md). */

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');

test.describe('accounts (issue 43)', () => {
  test('forgot password: the mailed link sets a new password in a real browser, and every other session is gone', async ({ page, browser }) => {
    const email = await signedIn(page);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Signed-in Devices' })).toBeVisible();

    const context = await browser.newContext();
    const forgetful = await context.newPage();
    await forgetful.goto('/auth');
    await forgetful.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(forgetful.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await forgetful.getByLabel('Email').fill(email);
    await forgetful.getByRole('button', { name: 'Send reset code' }).click();
    await expect(forgetful.getByText('If an account uses this address, we sent it a 6-digit code and a link. Both are valid for 15 minutes.')).toBeVisible();

    let mail = await latestMail(forgetful.request, email);
    await expect.poll(async () => (mail = await latestMail(forgetful.request, email)).subject).toBe('Reset your RPG Adventure password');
    // The link from the mail, opened in a new tab: the address and the code are filled in.
    await forgetful.close();
    const fromMail = await context.newPage();
    await fromMail.goto(mail.link!);
    await expect(fromMail.getByLabel('Email')).toHaveValue(email);
    await expect(fromMail.getByLabel('Reset code')).toHaveValue(mail.code!);
    await fromMail.getByLabel('New Password').fill('new-dragon-fire');
    await fromMail.getByLabel('Confirm Password').fill('new-dragon-fire');
    await fromMail.getByRole('button', { name: 'Set new password' }).click();
    await expect(fromMail.getByText('Your password has been changed, and every device was signed out. Log in with your new password.')).toBeVisible();
    await fromMail.getByRole('link', { name: 'Log In' }).click();
    await logIn(fromMail, email, 'new-dragon-fire');

    // The first browser's session ended with the reset.
    await page.goto('/game');
    await expect(page).toHaveURL(/\/auth/);
    // The old password no longer signs in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await context.close();
  });

  test('forgot password for an unknown address says the same, and a wrong code is refused', async ({ page }) => {
    await page.goto('/auth/reset');
    await page.getByLabel('Email').fill(newEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByText('If an account uses this address, we sent it a 6-digit code and a link. Both are valid for 15 minutes.')).toBeVisible();
    await page.getByLabel('Reset code').fill('123456');
    await page.getByLabel('New Password').fill('new-dragon-fire');
    await page.getByLabel('Confirm Password').fill('new-dragon-fire');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. Check the e-mail and try again.');
  });

  test('signed-in devices: the list is live, one device is signed out, then every other one', async ({ page, browser }) => {
    const email = await signedIn(page);
    await page.goto('/settings');
    await expect(devices(page)).toHaveCount(1);
    await expect(devices(page).first()).toContainText('This device');
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();

    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    await logIn(other, email);
    await expect(other.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    // The new device shows up without a reload.
    await expect(devices(page)).toHaveCount(2);
    await expect(devices(page).nth(1)).toContainText(/Chrome on Linux|Chrome/);
    await expect(devices(page).nth(1)).toContainText('127.0.0.1');

    await page.getByRole('button', { name: /^Sign out Chrome/ }).click();
    await expect(page.getByText('Device Signed Out')).toBeVisible();
    await expect(other).toHaveURL(/\/auth/);
    await expect(devices(page)).toHaveCount(1);

    const phone = await browser.newContext();
    const third = await phone.newPage();
    await logIn(third, email);
    await logIn(other, email);
    await expect(devices(page)).toHaveCount(3);
    await expect(third.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Other Devices Signed Out')).toBeVisible();
    await expect(devices(page)).toHaveCount(1);
    await third.goto('/game');
    await expect(third).toHaveURL(/\/auth/);
    await expect(page.getByRole('heading', { name: 'Game Settings' })).toBeVisible();
    await laptop.close();
    await phone.close();
  });

  test('a squatted address: a second sign-up replaces the unverified one, and its code confirms its own password', async ({ page, browser }) => {
    const email = newEmail('squat');
    const squatter = await browser.newContext();
    const squatterPage = await squatter.newPage();
    await signUpThroughForm(squatterPage, email, 'squatter-pass');

    await signUpThroughForm(page, email, 'owner-pass');
    let mail = await latestMail(page.request, email);
    await page.getByLabel('Verification code').fill(mail.code!);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('Welcome back!').or(page.getByRole('heading', { name: 'Game Portal' }))).toBeVisible();

    await squatterPage.goto('/auth');
    await squatterPage.getByLabel('Email').fill(email);
    await squatterPage.getByLabel('Password').fill('squatter-pass');
    await squatterPage.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(squatterPage.getByRole('alert')).toHaveText('Invalid email or password');
    mail = await latestMail(page.request, email);
    expect(mail.subject).toBe('Verify your RPG Adventure account');
    await squatter.close();
  });

  test('download my data: one JSON file of the account', async ({ page }) => {
    const email = await signedIn(page);
    await page.goto('/settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^rpg-adventure-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; characters: unknown[]; sessions: unknown[] };
    expect(data.account.email).toBe(email);
    expect(data.sessions).toHaveLength(1);
  });

  test('delete account: the warning, the password again, a confirmation; then the account is gone', async ({ page, browser }) => {
    const email = await signedIn(page);
    const created = await page.request.post('/api/characters', {
      data: { name: `Leaver${Date.now() % 100000}`, race: 'elf', class: 'mage', gender: 'female' },
      headers: { origin: BASE_URL },
    });
    expect(created.ok()).toBe(true);
    const device = await browser.newContext();
    const other = await device.newPage();
    await logIn(other, email);

    await page.goto('/settings');
    await expect(page.getByText(/Deleting your account removes it for good/)).toBeVisible();
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByText('Enter your password to delete your account.')).toBeVisible();
    await page.getByLabel('Password for deletion').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Password for deletion').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Delete your account?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('Account Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(other).toHaveURL(/\/auth/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await device.close();
  });

  test('terms and privacy: linked from the landing page, the sign-up form and the game footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Notice' })).toBeVisible();
    await expect(page.getByText(/a hash of your password \(never the password itself\)/)).toBeVisible();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
    await page.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
    await expect(page.getByText(/Play fairly/)).toBeVisible();

    await signedIn(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });
});
