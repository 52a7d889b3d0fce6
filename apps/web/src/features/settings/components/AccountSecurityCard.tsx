import { KeyRound, Shield } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { MIN_PASSWORD_LENGTH } from '@rpg/game';
import { EMPTY_PASSWORD_FORM, PASSWORD_ERROR_TITLE, PASSWORD_MISMATCH_MESSAGE, passwordFormProblem, type PasswordForm } from '../lib/password-form';

export type PasswordChangeResult = { ok: true } | { ok: false; message: string };
export type ChangePassword = (currentPassword: string, newPassword: string) => Promise<PasswordChangeResult>;

/** The toasts' texts: the settings screen's by default; the user profile's Password tab has its own (spec 03 §8). */
export interface PasswordTexts {
  success: string;
  successDescription?: string;
  failure: string;
  /** The toast when the new password and its confirmation differ; else `failure` with PASSWORD_MISMATCH_MESSAGE. */
  mismatch?: { title: string; description: string };
}
const SETTINGS_TEXTS: PasswordTexts = {
  success: 'Password Updated',
  successDescription: 'Your password has been changed. Other sessions were signed out.',
  failure: PASSWORD_ERROR_TITLE,
};

/** DECISIONS section 2: a real password change; the other sessions are signed out. */
export function AccountSecurityCard({ changePassword, texts = SETTINGS_TEXTS }: { changePassword: ChangePassword; texts?: PasswordTexts }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [pending, setPending] = useState(false);

  const field = (key: keyof PasswordForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordFormProblem(form);
    if (problem === PASSWORD_MISMATCH_MESSAGE && texts.mismatch) {
      toast.error(texts.mismatch.title, { description: texts.mismatch.description });
      return;
    }
    if (problem) {
      toast.error(texts.failure, { description: problem });
      return;
    }
    setPending(true);
    const result = await changePassword(form.currentPassword, form.newPassword);
    setPending(false);
    if (!result.ok) {
      toast.error(texts.failure, { description: result.message });
      return;
    }
    setForm(EMPTY_PASSWORD_FORM);
    toast.success(texts.success, { description: texts.successDescription });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-2xl font-semibold text-gold-200">
        <Shield className="size-6 text-gold-400" aria-hidden="true" />
        Account Security
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
        <TextField label="Current Password" type="password" autoComplete="current-password" required {...field('currentPassword')} />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other devices will be signed out.`}
          {...field('newPassword')}
        />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={pending} aria-busy={pending}>
            <KeyRound className="size-4" aria-hidden="true" />
            Update Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
