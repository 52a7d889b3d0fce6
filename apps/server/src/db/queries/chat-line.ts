import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { claimed, claimRepeated, claimWith, type StatementClaim } from '../idempotency.ts';
import { prepared } from '../prepared.ts';
import { chatMessages, playerCharacterAppearance, playerCharacters, users } from '../schema/index.ts';
import { countable, countedCte, countFields, countReadOf, countRows, countUserId, OWN_ROWS, type CountRead, type CountValues } from './achievement-count.ts';
import type { ChatMessageRow } from './chat.ts';

/**
 * Issue 45 point 3: a chat line in one statement, without a transaction. In the lock order of the
 * transaction it replaces: the idempotency claim, the player's row (NO KEY UPDATE, as lockOwner),
 * the active character (KEY SHARE), the counters. The throttle's count and the mute are checked on
 * the player's row by the update that locks it: after waiting for a parallel send, PostgreSQL
 * checks them again on the row that send left (its time appended to `chat_sent_at`), so the count
 * is exact in every process. The rule's facts come back as read before (`state`): when nothing was
 * written the caller refuses from them, or runs the line's transaction when they do not explain it.
 */

const LINE = OWN_ROWS;
const STATE = OWN_ROWS + 1;

const userId = sql`${countUserId}::text`;
const now = sql`${sql.placeholder('now')}::timestamptz`;
const since = sql`${sql.placeholder('since')}::timestamptz`;
const max = sql`${sql.placeholder('max')}::int`;
const notMuted = (u: string) => sql`(${sql.raw(u)}.chat_muted_until is null or ${sql.raw(u)}.chat_muted_until <= ${now})`;
const recent = (u: string) => sql`(select count(*) from unnest(${sql.raw(u)}.chat_sent_at) t where t > ${since})`;

const lineWritten = prepared('chat_line_written', (db) => {
  // The rule's facts as read (no lock): what the claim and the caller's refusal go by.
  const state = db.$with('state', { ok: sql<boolean>`ok` }).as(
    sql`select u.chat_muted_until as muted_until, u.chat_mute_reason as mute_reason, u.chat_sent_at as sent_at,
        exists (select 1 from ${playerCharacters} c where c.user_id = ${userId} and c.is_active) as has_character, ${countable} as countable,
        ${notMuted('u')} and ${recent('u')} < ${max} and exists (select 1 from ${playerCharacters} c where c.user_id = ${userId} and c.is_active) and ${countable} as ok
      from ${users} u where u.id = ${userId}`,
  );
  const claim = claimWith(db, sql`exists (select 1 from state where ok)`);
  // The lock, with the mute and the throttle checked on the row as it is once locked.
  const owner = db.$with('owner', { id: sql<string>`id` }).as(
    sql`update ${users} u set chat_sent_at = array(select t from unnest(u.chat_sent_at) t where t > ${since} union all select ${now})
      where u.id = ${userId} and ${notMuted('u')} and ${recent('u')} < ${max} and exists (select 1 from state where ok) and ${claimed}
      returning u.id, u.username`,
  );
  const held = db.$with('held', { id: sql<string>`id` }).as(
    sql`select c.id, c.user_id, c.name, c.race, c.class as character_class, c.level, c.avatar_path,
        case when a.character_id is null then null else jsonb_build_object('hairStyle', a.hair_style, 'hairColor', a.hair_color,
          'eyeColor', a.eye_color, 'clothesStyle', a.clothes_style, 'skinTone', a.skin_tone) end as appearance
      from ${playerCharacters} c left join ${playerCharacterAppearance} a on a.character_id = c.id
      where c.user_id = ${userId} and c.is_active and exists (select 1 from owner) for key share of c`,
  );
  const line = db.$with('line', { id: sql<number>`id` }).as(
    sql`insert into ${chatMessages} (user_id, character_id, character_name, character_race, character_class, character_level, portrait_path, character_appearance, text, created_at)
      select ${userId}, h.id, h.name, h.race, h.character_class, h.level, h.avatar_path, h.appearance, ${sql.placeholder('text')}::text, ${now} from held h
      returning *`,
  );
  const counted = countedCte(db, sql`exists (select 1 from line)`);
  return db
    .with(state, claim, owner, held, line, counted)
    .select(countFields)
    .from(
      sql`(${countRows}
      union all select ${sql.raw(String(LINE))}, o.username, null, null, null, to_jsonb(l.*), null from line l, owner o
      union all select ${sql.raw(String(STATE))}, null, null, null, null, jsonb_build_object('mutedUntil', s.muted_until, 'muteReason', s.mute_reason,
        'sentAt', s.sent_at, 'hasCharacter', s.has_character, 'countable', s.countable, 'claimed', exists (select 1 from claim),
        'repeated', ${claimRepeated(sql`s.ok`)}), null from state s) as r`,
    );
});

/** What the chat line's statement answered: the stored line (none when nothing was written), the rule's facts as read, the count. */
export interface LineWritten {
  line: ChatMessageRow | undefined;
  /** Undefined without the player's row (lockOwner makes it, in the line's transaction). */
  state:
    | { mutedUntil: Date | null; muteReason: string | null; sentAt: Date[]; hasCharacter: boolean; countable: boolean; claimed: boolean; repeated: boolean }
    | undefined;
  count: CountRead;
}

type JsonLine = {
  id: number;
  user_id: string | null;
  system_key: string | null;
  character_id: string | null;
  character_name: string;
  character_race: ChatMessageRow['characterRace'];
  character_class: ChatMessageRow['characterClass'];
  character_level: number;
  portrait_path: string | null;
  character_appearance: ChatMessageRow['characterAppearance'];
  text: string;
  created_at: string;
};
type JsonState = Omit<NonNullable<LineWritten['state']>, 'mutedUntil' | 'sentAt'> & { mutedUntil: string | null; sentAt: string[] | null };

export async function writeChatLine(
  db: DbOrTx,
  input: { userId: string; text: string; now: Date; windowMs: number; max: number },
  count: CountValues,
  claim: StatementClaim,
): Promise<LineWritten> {
  const { windowMs, ...rest } = input;
  const rows = await lineWritten(db, {
    ...rest,
    now: input.now.toISOString(),
    since: new Date(input.now.getTime() - windowMs).toISOString(),
    ...count,
    ...claim.values,
  });
  const read = countReadOf(rows);
  const lineRow = rows.find((r) => r.kind === LINE);
  const l = lineRow?.doc as JsonLine | undefined;
  const s = rows.find((r) => r.kind === STATE)?.doc as JsonState | undefined;
  const line: ChatMessageRow | undefined = l && {
    id: Number(l.id),
    userId: l.user_id,
    systemKey: l.system_key,
    characterId: l.character_id,
    characterName: l.character_name,
    characterRace: l.character_race,
    characterClass: l.character_class,
    characterLevel: l.character_level,
    portraitPath: l.portrait_path,
    characterAppearance: l.character_appearance,
    text: l.text,
    createdAt: new Date(l.created_at),
    username: lineRow!.key,
    title: read.title,
  };
  const state = s && { ...s, mutedUntil: s.mutedUntil ? new Date(s.mutedUntil) : null, sentAt: (s.sentAt ?? []).map((t) => new Date(t)) };
  return { line, state, count: read };
}

/** The line's transaction (the rare path) keeps the throttle's times on the player's row too (the one statement counts them). */
export async function keepChatSent(db: DbOrTx, userId: string, now: Date, windowMs: number): Promise<void> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  await db
    .update(users)
    .set({
      chatSentAt: sql`array(select t from unnest(${users.chatSentAt}) t where t > ${since}::timestamptz union all select ${now.toISOString()}::timestamptz)`,
    })
    .where(sql`${users.id} = ${userId}`);
}
