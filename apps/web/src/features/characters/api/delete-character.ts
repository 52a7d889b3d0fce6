import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiSend } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { useUpdateCharacterCache, withoutCharacter } from './character-cache';

/** DELETE /api/characters/:id -> 204. If it was active, the server activates the oldest one left. */
export function deleteCharacter(id: string): Promise<void> {
  return apiSend(`/api/characters/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCharacter() {
  const update = useUpdateCharacterCache();
  return useMutation({
    mutationFn: deleteCharacter,
    onSuccess: (_nothing, id) => {
      update((list) => withoutCharacter(list, id));
      toast.success('Character Deleted', { description: 'Character has been successfully deleted.' });
    },
    onError: (error) => toastApiError(error, 'Failed to delete character'),
  });
}
