import { profileViewSchema, queryKeys, type ProfileView } from '@rpg/contract';
import { SOCIAL_TEXT } from '@rpg/game';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

export type ProfileImageKind = 'avatar' | 'banner';

/** PUT /api/profile/avatar|banner (multipart 'file'): PNG, JPEG, WebP or GIF, checked by the server by its bytes. */
export function uploadProfileImage(kind: ProfileImageKind, file: File): Promise<ProfileView> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch(`/api/profile/${kind}`, profileViewSchema, { method: 'PUT', body: form });
}

export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(kind, file),
    onSuccess: () => {
      toast.success(SOCIAL_TEXT.profileUpdated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.social });
    },
    onError: (error) => toastApiError(error, 'Failed to update profile'),
  });
}
