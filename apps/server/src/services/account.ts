import type { AccountExport } from '@rpg/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { accountRows, accountUploads, characterIdsOf, deleteAuthUser } from '../db/queries/accounts.ts';
import { deleteCharacter, getCharacterForUpdate, lockOwner, lockTimedWork } from '../db/queries/characters.ts';
import { recordDeletion } from '../db/queries/ledger.ts';
import { writeAudit } from '../db/queries/moderation.ts';
import { transaction } from '../db/transaction.ts';
import { relativeUpload, removeUpload } from '../http/uploads.ts';

export interface DeletedAccount {
  userId: string;
  email: string;
  username: string | null;
  characters: number;
}

/** Who deleted an account, for the moderation log: the host from the command line (null: the player themselves, not logged there). */
export interface DeletedBy {
  actorName: string;
  reason: string;
}

/**
 * Deletes an account and everything of it (docs/decisions/accounts.md, "Leaving: deleting the
 * account and downloading its data": what other players keep). One transaction in the lock order of docs/architecture.md: the player's row, every
 * character's timed work and auction listings, the characters in id order; each character's copper,
 * chips, items and escrowed listings go to the void in the ledger (as a character's deletion does),
 * so the audit stays whole; then the account row, whose cascade removes the profile, sessions,
 * posts, comments, messages, friendships, chat lines and the rest. The images go from disk after
 * the commit. A listing being bought meanwhile either sold first (its copper is then voided with the
 * seller's character) or finds its listing gone. Undefined when there is no such account.
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'error'>,
  by?: DeletedBy,
): Promise<DeletedAccount | undefined> {
  const result = await transaction(db, async (tx) => {
    const rows = await accountRows(tx, userId);
    if (!rows.account) return undefined;
    await lockOwner(tx, userId);
    const ids = await characterIdsOf(tx, userId);
    for (const id of ids) await lockTimedWork(tx, userId, id);
    for (const id of ids) await getCharacterForUpdate(tx, userId, id);
    const uploads = await accountUploads(tx, userId);
    for (const id of ids) {
      await recordDeletion(tx, id);
      await deleteCharacter(tx, userId, id);
    }
    const username = rows.profile?.username ?? null;
    if (by) {
      await writeAudit(tx, {
        actorId: null,
        actorName: by.actorName,
        action: 'delete-account',
        targetUserId: userId,
        targetName: username ?? rows.account.email,
        reason: by.reason,
        details: { email: rows.account.email, characters: ids.length },
        createdAt: new Date(),
      });
    }
    await deleteAuthUser(tx, userId);
    return { deleted: { userId, email: rows.account.email, username, characters: ids.length }, uploads };
  });
  if (!result) return undefined;
  const files = [...result.uploads.urls.map(relativeUpload), ...result.uploads.paths];
  for (const file of new Set(files)) await removeUpload(dataDir, file, log);
  return result.deleted;
}

/** Issue 43, "Download my data": the account's rows as one JSON document (accountExportSchema). */
export async function exportAccount(db: Db, userId: string, now = new Date()): Promise<AccountExport | undefined> {
  const rows = await transaction(db, (tx) => accountRows(tx, userId));
  if (!rows.account) return undefined;
  // Dates as ISO strings, bigints as numbers: what JSON.stringify writes, parsed back for the contract.
  const plain = <T>(value: T) => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))) as Record<string, unknown>[];
  return {
    exportedAt: now.toISOString(),
    account: {
      id: rows.account.id,
      email: rows.account.email,
      emailVerified: rows.account.emailVerified,
      createdAt: rows.account.createdAt.toISOString(),
      profile: rows.profile ? plain([rows.profile])[0]! : null,
    },
    sessions: plain(rows.sessions),
    characters: rows.characters.map((character) => ({
      character: plain([character])[0]!,
      inventory: plain(rows.inventory.filter((i) => i.characterId === character.id)),
      ledger: plain(rows.ledger.filter((e) => e.fromCharacterId === character.id || e.toCharacterId === character.id)),
    })),
    auctionListings: plain(rows.auctionListings),
    messages: plain(rows.messages),
    posts: plain(rows.posts),
    comments: plain(rows.comments),
    chatLines: plain(rows.chatLines),
    friends: plain(rows.friends),
    blocks: plain(rows.blocks),
    gifts: plain(rows.gifts),
  };
}
