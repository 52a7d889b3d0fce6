import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface OutboxMail {
  to: string;
  subject: string;
  link: string | null;
  code: string | null;
}

let n = 0;
export function newEmail(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}${n}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

export const PASSWORD = 'dragon-fire';
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** The newest mail for an address from the development outbox (waits for it to arrive). */
export async function latestMail(request: APIRequestContext, to: string): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const list = (await res.json()) as OutboxMail[];
      mail = list[0];
      return Boolean(mail);
    })
    .toBe(true);
  return mail!;
}

/** Sign up through the form; leaves the page in check-email mode. */
export async function signUpThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Need an account? Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
}

/** A verified account made through the API (for tests about other screens), then logged in through the form. */
export async function signedIn(page: Page, email = newEmail(), password = PASSWORD): Promise<string> {
  const api = page.request;
  const headers = { origin: BASE_URL };
  const up = await api.post('/api/auth/sign-up/email', { data: { email, password, name: email.split('@')[0] }, headers });
  expect(up.ok()).toBe(true);
  const mail = await latestMail(api, email);
  const verify = await api.post('/api/auth/email-otp/verify-email', { data: { email, otp: mail.code }, headers });
  expect(verify.ok()).toBe(true);
  await logIn(page, email, password);
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}
