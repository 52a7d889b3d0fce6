import { profileViewSchema, queryKeys, type ProfileView } from '@rpg/contract';
import { SOCIAL_TEXT } from '@rpg/game';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** PATCH /api/profile { username }: 'No changes to update.', 'That username is already taken.' as refusals. */
export function updateProfile(username: string): Promise<ProfileView> {
  return apiFetch('/api/profile', profileViewSchema, { method: 'PATCH', body: { username } });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => {
      toast.success(SOCIAL_TEXT.profileUpdated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.social });
    },
    onError: (error) => toastApiError(error, 'Failed to update profile'),
  });
}
