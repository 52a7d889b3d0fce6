import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { latestMail, logIn, newEmail, PASSWORD, signedIn, signUpThroughForm } from '../support/game.ts';
import { characterCard, createCharacterViaApi, fillBasicInformation } from './character-helpers.ts';

/** The same server, reached by its IP address instead of localhost (issue "Sign-up refused on 127.0.0.1"). */
const IP_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

const WELCOME = 'Welcome to the game!';
const WELCOME_TEXT = "Let's get you started with character creation";

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

test.describe('sign-up on 127.0.0.1 (spec 01 §2 /auth)', () => {
  test('the whole sign-up and e-mail verification through http://127.0.0.1', async ({ page }) => {
    const email = newEmail('ip');
    await page.goto(`${IP_URL}/auth`);
    await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('This request did not come from the game and was refused.')).toHaveCount(0);
    await expect(page.getByText('Sign up initiated!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();

    const mail = await latestMail(page.request, email);
    await page.getByLabel(/code/i).fill(mail.code!);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(`${IP_URL}/game`);
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
  });
});

test.describe('auth error fallbacks (spec 01 §5, §8)', () => {
  test("a login error without a message: 'An error occurred' under the form, 'Error' / 'Please try again' toast", async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(newEmail('fallback'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred' })).toBeVisible();
    await expect(page.getByText('Please try again', { exact: true })).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
  });

  test("a sign-up refused without a message reads 'Sign up failed'; one that got no answer reads 'Signup failed'", async ({ page }) => {
    await page.route('**/api/auth/sign-up/email', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
    await page.getByLabel('Email').fill(newEmail('signupfail'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sign up failed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    await page.unroute('**/api/auth/sign-up/email');
    await page.route('**/api/auth/sign-up/email', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Signup failed' })).toBeVisible();
  });
});

test.describe("first-visit 'Welcome to the game!' (spec 01 §4 route guard)", () => {
  test('reaches a new player on their first sign-in, after the verification link', async ({ page }) => {
    const email = newEmail('welcome');
    await signUpThroughForm(page, email);
    const mail = await latestMail(page.request, email);
    await page.goto(mail.link!);
    await expect(page.getByText('Email Confirmed!')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
    await expect(page.getByText(WELCOME_TEXT)).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
  });

  test('a new player opening the home page in a new tab is welcomed and sent to /game; a returning player is not', async ({ page, context }) => {
    const email = await signedIn(page);
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();

    const newTab = await context.newPage();
    await newTab.goto('/');
    await expect(newTab.getByText(WELCOME, { exact: true })).toBeVisible();
    await expect(newTab.getByText(WELCOME_TEXT)).toBeVisible();
    await expect(newTab).toHaveURL(/\/game$/);

    await createCharacterViaApi(page, { name: 'Veteran', race: 'human', class: 'warrior', gender: 'male' });
    const returning = await context.newPage();
    await returning.goto('/');
    await expect(returning.getByText(`Welcome back, ${email}!`)).toBeVisible();
    await returning.waitForTimeout(1_000);
    await expect(returning).toHaveURL(/\/$/);
    await expect(returning.getByText(WELCOME, { exact: true })).toHaveCount(0);
  });

  test('a player with a character logs in without the first-visit welcome', async ({ page }) => {
    const email = await signedIn(page);
    await createCharacterViaApi(page, { name: 'Seasoned', race: 'human', class: 'warrior', gender: 'male' });
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: /Sign out on this device/ }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.evaluate(() => (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear());
    await logIn(page, email);
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByText(WELCOME, { exact: true })).toHaveCount(0);
  });
});

test.describe('sign-out (spec 01 §4, DECISIONS §4)', () => {
  test("'Sign out everywhere' ends this tab, the other tab and the other device; 'Sign out on this device' only this one", async ({
    page,
    context,
    browser,
  }) => {
    const email = await signedIn(page);
    const otherTab = await context.newPage();
    await otherTab.goto('/game');
    await expect(otherTab.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    const device = await browser.newContext();
    const otherDevice = await device.newPage();
    await logIn(otherDevice, email);
    await expect(otherDevice.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    // Wait until both others hold a live socket, so the server's push reaches them.
    await expect(otherTab.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await expect(otherDevice.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();

    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: /Sign out on this device/ })).toBeVisible();
    await page.getByRole('menuitem', { name: /Sign out everywhere/ }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(otherTab).toHaveURL(/\/auth/);
    await expect(otherDevice).toHaveURL(/\/auth/);
    await otherDevice.goto('/game');
    await expect(otherDevice).toHaveURL(/\/auth/);

    // Plain sign-out: the other device stays in the game.
    await logIn(page, email);
    await logIn(otherDevice, email);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: /Sign out on this device/ }).click();
    await expect(page).toHaveURL(/\/auth/);
    await otherDevice.reload();
    await expect(otherDevice.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await device.close();
  });

  test("the portal's 'Logout' signs out everywhere too", async ({ page, browser }) => {
    const email = await signedIn(page);
    const device = await browser.newContext();
    const otherDevice = await device.newPage();
    await logIn(otherDevice, email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await otherDevice.goto('/game');
    await expect(otherDevice).toHaveURL(/\/auth/);
    await device.close();
  });
});

test.describe("'Character Not Found' on /play (spec 01 §2 game hub)", () => {
  test('the character being played is deleted in another tab', async ({ page, context }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' });
    await createCharacterViaApi(page, { name: 'Thorin', race: 'dwarf', class: 'warrior', gender: 'male' });
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Thorin' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();

    const otherTab = await context.newPage();
    await otherTab.goto('/game');
    await otherTab.getByRole('button', { name: 'Delete Thorin' }).click();
    await otherTab.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(otherTab.getByText('Character Deleted')).toBeVisible();

    await expect(page.getByText('Character Not Found', { exact: true })).toBeVisible();
    await expect(page.getByText('The selected character could not be found.')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByRole('heading', { name: 'Playing as Aria' })).toHaveCount(0);
    await expect(characterCard(page, 'Aria')).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('creation at the limit (spec 01 §2, §4, §5)', () => {
  test('the limit reached while creating: toast and back to /game; no such toast after creating the second', async ({ page, context }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'First', race: 'human', class: 'warrior', gender: 'male' });

    // Creating the second character here: no limit toast on success.
    await page.goto('/character-creation');
    await fillBasicInformation(page, { name: 'Second', race: 'Elf', characterClass: 'Mage', gender: 'Female' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Character Created')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByText('Character Limit Reached')).toHaveCount(0);

    // Make room, start a third in this tab, and let another tab take the last place meanwhile.
    await page.getByRole('button', { name: 'Delete Second' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(characterCard(page, 'Second')).toHaveCount(0);
    await page.goto('/character-creation');
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await fillBasicInformation(page, { name: 'Third', race: 'Dwarf', characterClass: 'Warrior', gender: 'Male' });

    const otherTab = await context.newPage();
    await otherTab.goto('/game');
    await createCharacterViaApi(otherTab, { name: 'Elsewhere', race: 'human', class: 'rogue', gender: 'female' });

    await expect(page.getByText('Character Limit Reached', { exact: true })).toBeVisible();
    await expect(page.getByText('You can only create up to 2 characters.')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);

    // Arriving at the limit shows the limit screen and stays there.
    await page.goto('/character-creation');
    await expect(page.getByRole('heading', { name: 'Character Limit Reached' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/character-creation$/);
  });
});
