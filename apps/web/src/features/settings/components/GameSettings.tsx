import { AccountSecurityCard, type ChangePassword } from './AccountSecurityCard';
import { AudioSettingsCard } from './AudioSettingsCard';
import { NoticeSettingsCard } from './NoticeSettingsCard';

/** /settings (spec 01 section 2): audio on this device, the timers' notices (issue 44), and the account's password. */
export function GameSettings({ changePassword }: { changePassword: ChangePassword }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
      <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
        Game Settings
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <AudioSettingsCard />
        <AccountSecurityCard changePassword={changePassword} />
        <NoticeSettingsCard />
      </div>
    </section>
  );
}
