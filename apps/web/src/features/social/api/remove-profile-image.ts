import { profileViewSchema, queryKeys, type ProfileView } from '@rpg/contract';
import { SOCIAL_TEXT } from '@rpg/game';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import type { ProfileImageKind } from './profile-image';

/** DELETE /api/profile/avatar|banner. */
export function removeProfileImage(kind: ProfileImageKind): Promise<ProfileView> {
  return apiFetch(`/api/profile/${kind}`, profileViewSchema, { method: 'DELETE' });
}

export function useRemoveProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeProfileImage(kind),
    onSuccess: () => {
      toast.success(SOCIAL_TEXT.profileUpdated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.social });
    },
    onError: (error) => toastApiError(error, 'Failed to update profile'),
  });
}
