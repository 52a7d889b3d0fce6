import type { FriendList, FriendshipChange, ProfileView } from '@rpg/contract';
import { signedInPlayer, uniqueEmail, type TestClient } from './client.ts';

export interface Player {
  client: TestClient;
  id: string;
  username: string;
  email: string;
}

/** A signed-in player with their id and username (the e-mail's local part, unless taken). */
export async function socialPlayer(baseUrl: string, prefix = 'friend', email = uniqueEmail(prefix)): Promise<Player> {
  const client = await signedInPlayer(baseUrl, email);
  const me = await client.get<{ id: string; username: string }>('/api/me');
  return { client, id: me.body.id, username: me.body.username, email };
}

export const sendRequest = (from: Player, to: Player) =>
  from.client.post<FriendshipChange & { error?: string; message: string }>('/api/friends/requests', { userId: to.id });
export const friendList = async (p: Player) => (await p.client.get<FriendList>('/api/friends')).body.entries;
export const profileOf = (viewer: Player, userId: string) => viewer.client.get<ProfileView>(`/api/profiles/${userId}`);

/** The pending row `to` sees from `from`. */
export async function incomingId(to: Player, from: Player): Promise<string> {
  const entry = (await friendList(to)).find((e) => e.user.id === from.id && e.direction === 'incoming' && e.status === 'pending');
  if (!entry) throw new Error('no incoming request');
  return entry.friendshipId;
}

/** Two players who are friends. */
export async function makeFriends(a: Player, b: Player): Promise<string> {
  await sendRequest(a, b);
  const id = await incomingId(b, a);
  const accepted = await b.client.post(`/api/friends/${id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return id;
}
