import { MODERATION_REASON_MAX_LENGTH } from '@rpg/game';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useSetStaffRole, useStaffQuery } from '../api/staff';

const field =
  'block w-full rounded-md border border-ink-600 bg-ink-950/70 px-2 py-1.5 text-sm text-parchment-50 focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300';

/** The moderators and admins; admins make and unmake moderators here (admins are made from the command line). */
export function StaffPanel() {
  const id = useId();
  const staff = useStaffQuery();
  const setRole = useSetStaffRole();
  const [username, setUsername] = useState('');
  const [role, setRoleChoice] = useState<'moderator' | 'player'>('moderator');
  const [reason, setReason] = useState('');
  return (
    <section aria-label="Staff" className="space-y-4">
      {staff.isPending ? <CenteredSpinner label="Loading the staff" /> : null}
      {staff.isError ? <LoadErrorAlert title="The staff could not be loaded." onRetry={() => void staff.refetch()} /> : null}
      {staff.data ? (
        <ul className="space-y-1 text-sm">
          {staff.data.staff.map((s) => (
            <li key={s.id} className="text-parchment-100">
              <span className="font-semibold">{s.username}</span> · {s.role}
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="grid gap-2 sm:grid-cols-[1fr_auto_2fr_auto] sm:items-end"
        aria-label="Change a role"
        onSubmit={(event) => {
          event.preventDefault();
          setRole.mutate({ username: username.trim(), role, reason: reason.trim() }, { onSuccess: () => setReason('') });
        }}
      >
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-xs text-parchment-300">
            Username
          </label>
          <input id={`${id}-name`} required maxLength={64} value={username} onChange={(e) => setUsername(e.target.value)} className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-xs text-parchment-300">
            Role
          </label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRoleChoice(e.target.value === 'player' ? 'player' : 'moderator')} className={field}>
            <option value="moderator">Moderator</option>
            <option value="player">Player</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1 block text-xs text-parchment-300">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            required
            maxLength={MODERATION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={field}
          />
        </div>
        <Button type="submit" size="sm" disabled={setRole.isPending || !username.trim() || !reason.trim()}>
          Save role
        </Button>
      </form>
    </section>
  );
}
