import { crc32, deflateSync } from 'node:zlib';
import type { CharacterListResponse, CharacterResponse, CharacterView } from '../../src/routes/characters/view.ts';
import { signedInPlayer, type TestClient } from './client.ts';

export interface ErrorBody {
  error: string;
  message: string;
  title?: string;
}

export const hero = { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' };

export async function createCharacter(client: TestClient, body: Record<string, unknown> = {}): Promise<CharacterView> {
  const res = await client.post<CharacterResponse>('/api/characters', { ...hero, ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.character;
}

export async function listCharacters(client: TestClient): Promise<CharacterView[]> {
  const res = await client.get<CharacterListResponse>('/api/characters');
  if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
  return res.body.characters;
}

/** Sends one file as multipart/form-data, as the browser's FormData does. */
export async function upload(
  client: TestClient,
  path: string,
  bytes: Uint8Array,
  { filename = 'image.png', type = 'image/png', field = 'file', method = 'PUT', origin = client.origin } = {},
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  const res = await fetch(new URL(path, client.baseUrl), {
    method,
    body: form,
    headers: { origin, cookie: client.cookieHeader() },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG of one colour. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A new signed-in player with one character, and the player's id. */
/** A signed-in player with a character, by ids (gifts and trades between players). */
export interface Trader {
  client: TestClient;
  userId: string;
  characterId: string;
}

export async function trader(baseUrl: string): Promise<Trader> {
  const { client, character, userId } = await playerWithCharacter(baseUrl);
  return { client, userId, characterId: character.id };
}

/** a asks b to be friends, and b accepts. */
export async function befriend(a: Trader, b: Trader): Promise<void> {
  const asked = await a.client.post<{ relation: { friendshipId: string } }>('/api/friends/requests', { userId: b.userId });
  if (asked.status !== 200) throw new Error(`friend request: ${asked.status}`);
  const accepted = await b.client.post(`/api/friends/${asked.body.relation.friendshipId}/accept`, {});
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
}

export async function playerWithCharacter(baseUrl: string) {
  const client = await signedInPlayer(baseUrl);
  const character = await createCharacter(client);
  const userId = (await client.get<{ id: string }>('/api/me')).body.id;
  return { client, character, userId };
}

/** A multipart body written by hand: each part a field name, an optional file name and its bytes. */
export function multipartBody(
  boundary: string,
  parts: Array<{ name: string; filename?: string; type?: string; bytes: Uint8Array | string }>,
  { close = true } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'image/png'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.bytes), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Sends a raw body with the given content type to an upload route, as the player. */
export async function sendRaw(client: TestClient, path: string, body: Buffer, contentType: string, method = 'PUT'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(path, client.baseUrl), {
    method,
    body: new Uint8Array(body),
    headers: { origin: client.origin, cookie: client.cookieHeader(), 'content-type': contentType },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}
