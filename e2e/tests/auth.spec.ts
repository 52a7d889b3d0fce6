import { expect, test } from '../support/test.ts';
import { BASE_URL, latestMail, newEmail, PASSWORD, signedIn, signUpThroughForm } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

test.describe('accounts (spec 01 §2 /auth, §4, §8)', () => {
  test('sign up, verify by the link, log in, stay signed in after a reload, log out', async ({ page }) => {
    const email = newEmail('link');
    await signUpThroughForm(page, email);
    await expect(page.getByText('Sign up initiated!')).toBeVisible();
    await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const mail = await latestMail(page.request, email);
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/auth\?verified=1/);
    await expect(page.getByText('Email Confirmed!')).toBeVisible();
    await expect(page.getByText('Your account has been verified. You may now sign in and start your adventure!')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.goto('/game');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('verify by the 6-digit code signs the player in', async ({ page }) => {
    const email = newEmail('code');
    await signUpThroughForm(page, email);
    const mail = await latestMail(page.request, email);
    await page.getByLabel(/code/i).fill(mail.code!);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
  });

  test('a wrong code is refused with a clear message', async ({ page }) => {
    const email = newEmail('badcode');
    await signUpThroughForm(page, email);
    const mail = await latestMail(page.request, email);
    await page.getByLabel(/code/i).fill(mail.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('That code is not right. Check the e-mail and try again.').first()).toBeVisible();
  });

  test('resend shows Sending... then the spec toast, and a new mail arrives', async ({ page }) => {
    const email = newEmail('resend');
    await signUpThroughForm(page, email);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText('Verification email resent')).toBeVisible();
    await expect.poll(async () => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length).toBe(2);
  });

  test('a login with an unverified address moves to check-email mode', async ({ page }) => {
    const email = newEmail('unverified');
    await signUpThroughForm(page, email);
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText('Please check your email to verify your account before logging in.').first()).toBeVisible();
  });

  test('a duplicate (verified) address gets the spec message', async ({ page }) => {
    const email = newEmail('dup');
    await signUpThroughForm(page, email);
    // Issue 43: an unverified account gives its address up to a new sign-up; a verified one keeps it.
    const mail = await latestMail(page.request, email);
    expect((await page.request.post('/api/auth/email-otp/verify-email', { data: { email, otp: mail.code }, headers: { origin: BASE_URL } })).ok()).toBe(true);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('This email is already registered. Please log in instead.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  });

  test('a wrong password shows the error under the form', async ({ page }) => {
    const email = await signedIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  });

  test('the already-logged-in banner on /auth', async ({ page }) => {
    const email = await signedIn(page);
    await page.goto('/auth');
    await expect(page.getByText('You are already logged in as')).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await page.getByRole('button', { name: 'Go to Game' }).click();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
  });
});

test.describe('route guard (spec 01 §2, §4)', () => {
  test('an unsigned visitor is sent to /auth and returns to where they were going after logging in', async ({ page }) => {
    const email = await signedIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('public pages', () => {
  test('404 for an unknown path', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page
      .getByRole('button', { name: 'Return to Home' })
      .or(page.getByRole('link', { name: 'Return to Home' }))
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('landing page logged out and logged in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Begin Your Journey')).toBeVisible();
    await expect(page.getByText('Game Features')).toBeVisible();
    await page
      .getByRole('link', { name: 'Join the Adventure' })
      .or(page.getByRole('button', { name: 'Join the Adventure' }))
      .click();
    await expect(page).toHaveURL(/\/auth/);

    // A returning player (one with a character): a new one is welcomed and sent on to /game.
    const email = newEmail('landing');
    await signedIn(page, email);
    await createCharacterViaApi(page, { name: 'Lander', race: 'human', class: 'warrior', gender: 'female' });
    await page.goto('/');
    await expect(page.getByText(`Welcome back, ${email}!`)).toBeVisible();
    await expect(page.getByText('Ready to continue your adventure?')).toBeVisible();
    await page
      .getByRole('link', { name: 'Enter Game World' })
      .or(page.getByRole('button', { name: 'Enter Game World' }))
      .click();
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
  });

  test('the splash screen leads to the landing page', async ({ page }) => {
    await page.goto('/welcome');
    await page.getByText('Click to Play').click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText('Begin Your Journey')).toBeVisible();
  });
});
