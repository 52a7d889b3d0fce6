import { randomUUID } from 'node:crypto';
import type { PublicUser } from '@rpg/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { directMessages, friendships, realtimeConnections, users } from '../../src/db/schema/index.ts';
import { raw } from './client.ts';
import { socialPlayer, type Player } from './social.ts';
import type { TestServer } from './server.ts';

/** A time as the answers write it: ISO 8601 in UTC, to the millisecond (the microseconds cut). */
export const iso = (at: Date | string) => new Date(at).toISOString();

/** GET path, 200, its answer parsed. */
export async function read<T>(player: Player, path: string): Promise<T> {
  const answer = await raw(player.client, path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return JSON.parse(answer.text) as T;
}

/** The social reads' world (reads-social and reads-messages tests): a circle of players, their relations, messages and presence. */
export function socialWorld(server: () => TestServer) {
  const db = () => server().database.db;
  /** Players whose names carry what JSON must escape, and names localeCompare orders apart from lower(). */
  const names = ['zed', 'Émile "the <b>Bold</b>"', 'alpha\\beta', 'Ålice 🐉 \u2028', 'bob', 'Bob_2'];
  async function circle() {
    const me = await socialPlayer(server().url, 'me');
    const others: Player[] = [];
    for (const [i, name] of names.entries()) {
      const p = await socialPlayer(server().url, `p${i}`);
      const username = `${name} ${p.id.slice(0, 6)}`;
      await db().update(users).set({ username }).where(eq(users.id, p.id));
      others.push({ ...p, username });
    }
    return { me, others };
  }
  const befriend = (a: string, b: string, status: 'accepted' | 'pending' | 'rejected' = 'accepted') =>
    db().insert(friendships).values({ requesterId: a, addresseeId: b, status });
  const message = async (from: string, to: string, body: string, read = false) => {
    const [row] = await db()
      .insert(directMessages)
      .values({ senderId: from, receiverId: to, body, readAt: read ? new Date('2026-11-25T10:00:00.123Z') : null })
      .returning({ id: directMessages.id });
    return row!.id;
  };
  /**
   * Presence of the circle: others[0] online (a tab closed 20 s ago), others[1] offline (seen two
   * hours ago, signed in one hour ago), others[2] never seen, others[3] offline (seen 3 hours ago, to the
   * microsecond), others[4] online (a live connection, never seen otherwise). Times with microseconds.
   */
  async function timesAndPresence(me: string, others: Player[]) {
    await db().execute(
      sql`update direct_messages set created_at = created_at + interval '777 microseconds', read_at = read_at + interval '999 microseconds' where sender_id = ${me} or receiver_id = ${me}`,
    );
    await db()
      .update(users)
      .set({ lastSeen: new Date(Date.now() - 20_000), lastLogin: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, others[0]!.id));
    await db()
      .update(users)
      .set({ lastSeen: new Date(Date.now() - 7_200_000), lastLogin: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, others[1]!.id));
    await db().update(users).set({ lastSeen: null, lastLogin: null, avatarUrl: '/uploads/profiles/a "b".png' }).where(eq(users.id, others[2]!.id));
    await db().execute(sql`update users set last_seen = now() - interval '3 hours 123 microseconds', last_login = null where id = ${others[3]!.id}`);
    await db().update(users).set({ lastSeen: null, lastLogin: null }).where(eq(users.id, others[4]!.id));
    await db().insert(realtimeConnections).values({ id: randomUUID(), userId: others[4]!.id, instanceId: 'reads-test' });
  }
  /** The player as another sees them, unhidden: the stored name, avatar and the later of the two moments. */
  async function seen(id: string, isOnline: boolean): Promise<PublicUser> {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    const times = [row!.lastSeen, row!.lastLogin].filter((t): t is Date => t !== null).map((t) => t.getTime());
    return { id, username: row!.username, avatarUrl: row!.avatarUrl, isOnline, lastSeen: times.length ? iso(new Date(Math.max(...times))) : null };
  }
  const hidden = async (id: string): Promise<PublicUser> => ({ ...(await seen(id, false)), isOnline: false, lastSeen: null });

  return { db, circle, befriend, message, timesAndPresence, seen, hidden };
}
