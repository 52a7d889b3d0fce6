import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** POST /api/account/delete (issue 43): the password again; the account and everything of it go. */
export function deleteAccount(password: string): Promise<void> {
  return apiSend('/api/account/delete', { method: 'POST', body: { password } });
}

export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: onDeleted,
    onError: (error) => toastApiError(error, 'Account Not Deleted'),
  });
}
