// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { accountExportSchema } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { exportFileName } from '../lib/export-file';

/** GET /api/account/export (issue 43): every row the game keeps of the account, as one JSON document. */
export function fetchAccountExport() {
  return apiFetch('/api/account/export', accountExportSchema);
}

/** Downloads the account's data as a JSON file (a link to an object URL, clicked once). */
export function useDownloadData() {
  return useMutation({
    mutationFn: fetchAccountExport,
    onSuccess: (data) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(data.exportedAt);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => toastApiError(error, 'Download Failed'),
  });
}
