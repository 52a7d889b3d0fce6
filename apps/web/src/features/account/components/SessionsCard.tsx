import type { SessionView } from '@rpg/contract';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CardHeading } from '@/components/ui/CardHeading';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useRevokeSession } from '../api/revoke-session';
import { useSessions } from '../api/sessions';
import { seenAgo } from '../lib/export-file';

export type SignOutOthers = () => Promise<{ ok: true } | { ok: false; message: string }>;

/**
 * Issue 43: the devices signed in to the account (browser, address, last seen), "Sign out" for
 * each other one and "Sign out everywhere else". The server's pushes keep the list live.
 */
export function SessionsCard({ signOutOthers }: { signOutOthers: SignOutOthers }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [endingOthers, setEndingOthers] = useState(false);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);

  async function endOthers() {
    setEndingOthers(true);
    const result = await signOutOthers();
    setEndingOthers(false);
    if (result.ok) toast.success('Other Devices Signed Out');
    else toast.error('Not Signed Out', { description: result.message });
    void sessions.refetch();
  }

  return (
    <Card className="p-4 sm:p-6">
      <CardHeading icon={MonitorSmartphone}>Signed-in Devices</CardHeading>
      {sessions.isPending ? (
        <Spinner label="Loading devices" className="mt-5" />
      ) : sessions.isError ? (
        <LoadErrorAlert title="Your devices could not be loaded." onRetry={() => void sessions.refetch()} className="mt-5" />
      ) : (
        <>
          <ul aria-label="Signed-in devices" className="mt-5 space-y-3">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={revoke.isPending && revoke.variables === session.id}
                onSignOut={() => revoke.mutate(session.id)}
              />
            ))}
          </ul>
          <div className="mt-5 flex justify-end">
            <Button variant="secondary" disabled={others.length === 0 || endingOthers} aria-busy={endingOthers} onClick={() => void endOthers()}>
              <LogOut className="size-4" aria-hidden="true" />
              Sign out everywhere else
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function SessionRow({ session, pending, onSignOut }: { session: SessionView; pending: boolean; onSignOut: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-gold-700/30 bg-ink-800/60 p-3">
      <div className="min-w-0">
        <p className="font-semibold text-parchment-50">
          {session.device}
          {session.current ? <span className="ml-2 rounded bg-gold-500/20 px-2 py-0.5 text-xs font-medium text-gold-200">This device</span> : null}
        </p>
        <p className="text-sm text-parchment-300">
          {session.ipAddress ?? 'Unknown address'} · Last seen {session.current ? 'now' : seenAgo(session.lastSeen)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-busy={pending}
          aria-label={`Sign out ${session.device}, last seen ${seenAgo(session.lastSeen)}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
