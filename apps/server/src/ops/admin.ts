import { isRole, type Role } from '@rpg/game';
import type { Db, DbOrTx } from '../db/client.ts';
import { deleteAccount } from '../services/account.ts';
import { accountByEmail, setRole } from '../db/queries/moderation.ts';
import { OpsError } from './control.ts';

export const GRANT_USAGE = 'Usage: npm run admin -- grant EMAIL admin|moderator|player';

/**
 * Issue 28: `npm run admin -- grant EMAIL ROLE` (admin-cli.ts), the only way to make an admin.
 * The account must exist and have signed in once (its profile row holds the role). Answers what
 * it did; a bad role or an unknown address is an OpsError with a message for the operator.
 */
export async function grantRole(db: DbOrTx, email: string, role: string): Promise<string> {
  if (!isRole(role)) throw new OpsError(`Unknown role '${role}'. ${GRANT_USAGE}`);
  const account = await accountByEmail(db, email);
  if (!account) throw new OpsError(`No account has the e-mail ${email}. The player signs up (and verifies the address) first.`);
  if (!account.hasProfile) throw new OpsError(`The account ${email} has never signed in. Sign in once, then grant the role again.`);
  if (account.role === role) return `${email} is already ${article(role)} ${role}.`;
  await setRole(db, account.id, role as Role);
  return `${email} is now ${article(role)} ${role} (was ${article(account.role!)} ${account.role}).`;
}

const article = (role: string) => (role === 'admin' ? 'an' : 'a');

export const DELETE_USAGE = 'Usage: npm run admin -- delete EMAIL';

/**
 * Issue 43: `npm run admin -- delete EMAIL`, the host deletes an account as its player can
 * (services/account.ts deleteAccount), logged in the moderation log as the host's. Answers what
 * it did; an unknown address is an OpsError.
 */
export async function deleteAccountByEmail(db: Db, email: string, dataDir: string): Promise<{ message: string; userId: string }> {
  const account = await accountByEmail(db, email);
  if (!account) throw new OpsError(`No account has the e-mail ${email}.`);
  const log = { error: (obj: object, msg?: string) => console.error(msg ?? 'error', obj) };
  const deleted = await deleteAccount(db, account.id, dataDir, log, { actorName: 'host (npm run admin)', reason: 'Deleted from the command line' });
  if (!deleted) throw new OpsError(`No account has the e-mail ${email}.`);
  const characters = deleted.characters === 1 ? '1 character' : `${deleted.characters} characters`;
  return {
    userId: account.id,
    message: `Deleted the account ${email}${deleted.username ? ` (${deleted.username})` : ''} and ${characters}; logged in the moderation log.`,
  };
}
