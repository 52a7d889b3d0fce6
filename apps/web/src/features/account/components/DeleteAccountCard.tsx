import { ACCOUNT_DELETION_WARNING, PASSWORD_REQUIRED_MESSAGE } from '@rpg/game';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CardHeading } from '@/components/ui/CardHeading';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { TextField } from '@/components/ui/TextField';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadData } from '../api/export-data';

/**
 * Issue 43: "Download my data" (one JSON file) and "Delete account" (the password again, the
 * warning of what goes, one more confirmation). `onDeleted` signs this browser out.
 */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const remove = useDeleteAccount(onDeleted);
  const download = useDownloadData();

  function check(event: FormEvent) {
    event.preventDefault();
  }

  return (
    <Card className="p-4 sm:p-6">
      <CardHeading icon={TriangleAlert}>Your Data</CardHeading>
      <p className="mt-4 text-sm text-parchment-200">A copy of everything the game keeps about your account, as one JSON file.</p>
      <div className="mt-3">
        <Button variant="secondary" disabled={download.isPending} aria-busy={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </div>
      <h3 className="mt-6 text-xl font-semibold text-ember-200">Delete Account</h3>
      <Alert tone="error" className="mt-3">
        <p>{ACCOUNT_DELETION_WARNING}</p>
      </Alert>
      <form noValidate onSubmit={check} className="mt-4 space-y-4">
        <TextField
          label="Password for deletion"
          type="password"
          autoComplete="current-password"
          value={password}
          error={missing ? PASSWORD_REQUIRED_MESSAGE : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
        />
        <div className="flex justify-end">
          {password ? (
            <ConfirmDialog
              trigger={
                <Button variant="danger" disabled={remove.isPending} aria-busy={remove.isPending}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete account
                </Button>
              }
              title="Delete your account?"
              description="Your account, characters and everything they hold are deleted now. This cannot be undone."
              confirmLabel="Delete for good"
              destructive
              onConfirm={() => remove.mutate(password)}
            />
          ) : (
            <Button variant="danger" onClick={() => setMissing(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete account
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
