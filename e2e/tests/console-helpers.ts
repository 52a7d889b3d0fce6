import { expect, type Page } from '@playwright/test';

/** Types a line into the adventure console and sends it, once the previous line is answered. */
export async function say(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Console input' });
  await input.fill(text);
  // A line sent while the previous one is being answered is ignored (spec 02 §5): wait for Send.
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await input.press('Enter');
  await expect(input).toHaveValue('');
}
