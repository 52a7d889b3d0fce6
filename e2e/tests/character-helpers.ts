import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { BASE_URL, newEmail, signedIn } from '../support/game.ts';

export interface NewCharacter {
  name: string;
  race: string;
  class: string;
  gender: 'male' | 'female';
  appearance?: Record<string, string>;
}

/** The API answer the helpers read. */
export interface CreatedCharacter {
  id: string;
  name: string;
}

/** Makes a character through the API with the page's session (for tests about other screens). */
export async function createCharacterViaApi(page: Page, character: NewCharacter): Promise<CreatedCharacter> {
  const res = await page.request.post('/api/characters', { data: character, headers: { origin: BASE_URL } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { character: CreatedCharacter }).character;
}

export interface FormCharacter {
  name: string;
  race: string;
  characterClass: string;
  gender: 'Male' | 'Female';
}

/** Step 1 of /character-creation, as a player fills it; ends on step 2. */
export async function fillBasicInformation(page: Page, character: FormCharacter): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await page.getByLabel('Character Name').fill(character.name);
  await page.getByRole('group', { name: 'Race' }).getByRole('radio', { name: character.race, exact: true }).check();
  await page.getByRole('group', { name: 'Class' }).getByRole('radio', { name: character.characterClass, exact: true }).check();
  await page.getByRole('group', { name: 'Gender' }).getByRole('radio', { name: character.gender, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Finalize Character' })).toBeVisible();
}

/** A valid 1 x 1 PNG in a temporary file. */
export function tinyPngFile(): string {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rpg-e2e-')), 'avatar.png');
  writeFileSync(file, png);
  return file;
}

/** A text file dressed up as a PNG: the server checks the bytes and refuses it. */
export function fakePngFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rpg-e2e-')), 'not-an-image.png');
  writeFileSync(file, 'this is not an image');
  return file;
}

/** The character card's select button on /game; its name is the character's name. */
export const characterCard = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A signed-in player with a character, in a browser context of their own. */
export async function playerWithCharacter(browser: Browser, prefix: string): Promise<{ page: Page; id: string; username: string; characterId: string }> {
  const page = await (await browser.newContext()).newPage();
  await signedIn(page, newEmail(prefix));
  const character = await createCharacterViaApi(page, { name: prefix, race: 'human', class: 'warrior', gender: 'male' });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username, characterId: character.id };
}
