import { DeleteAccountCard } from '@/features/account/components/DeleteAccountCard';
import { SessionsCard, type SignOutOthers } from '@/features/account/components/SessionsCard';
import { changePassword } from '@/features/auth/api/change-password';
import { revokeOtherSessions } from '@/features/auth/api/sign-out';
import { useAccountDeleted } from '@/features/auth/hooks/useSignOut';
import { failureMessage } from '@/features/auth/lib/auth-errors';
import type { ChangePassword } from '@/features/settings/components/AccountSecurityCard';
import { GameSettings } from '@/features/settings/components/GameSettings';

/** The auth feature performs the password change; the settings feature only shows the form. */
const changeAccountPassword: ChangePassword = async (currentPassword, newPassword) => {
  const result = await changePassword(currentPassword, newPassword);
  return result.ok ? { ok: true } : { ok: false, message: failureMessage(result.error) };
};

/** "Sign out everywhere else" (issue 43): better-auth's revoke-other-sessions, through the auth feature. */
const signOutOthers: SignOutOthers = async () => {
  const result = await revokeOtherSessions();
  return result.ok ? { ok: true } : { ok: false, message: failureMessage(result.error) };
};

/** /settings: the game settings screen, then the account's devices, data and deletion (issue 43). */
export function SettingsPage() {
  const accountDeleted = useAccountDeleted();
  return (
    <>
      <GameSettings changePassword={changeAccountPassword} />
      <section aria-label="Account" className="mx-auto mt-6 grid max-w-5xl gap-6 lg:grid-cols-2 lg:items-start">
        <SessionsCard signOutOthers={signOutOthers} />
        <DeleteAccountCard onDeleted={() => void accountDeleted()} />
      </section>
    </>
  );
}
