import { changePassword } from '@/features/auth/api/change-password';
import { failureMessage } from '@/features/auth/lib/auth-errors';
import type { ChangePassword } from '@/features/settings/components/AccountSecurityCard';
import { GameSettings } from '@/features/settings/components/GameSettings';

/** The auth feature performs the password change; the settings feature only shows the form. */
const changeAccountPassword: ChangePassword = async (currentPassword, newPassword) => {
  const result = await changePassword(currentPassword, newPassword);
  return result.ok ? { ok: true } : { ok: false, message: failureMessage(result.error) };
};

/** /settings: the game settings screen. */
export function SettingsPage() {
  return <GameSettings changePassword={changeAccountPassword} />;
}
