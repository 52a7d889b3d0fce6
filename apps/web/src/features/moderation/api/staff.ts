import { queryKeys, staffListSchema, type RoleBody } from '@rpg/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { toast } from '@/lib/toast';

/** GET /api/moderation/staff (admins): the moderators and admins. */
export function fetchStaff(signal?: AbortSignal) {
  return apiFetch('/api/moderation/staff', staffListSchema, { signal });
}

export function useStaffQuery() {
  return useQuery({ queryKey: queryKeys.moderationStaff, queryFn: ({ signal }) => fetchStaff(signal) });
}

/** POST /api/moderation/staff (admins): make a player a moderator, or a moderator a player. */
export function setStaffRole(body: RoleBody) {
  return apiFetch('/api/moderation/staff', staffListSchema, { method: 'POST', body });
}

export function useSetStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    onSuccess: (staff, body) => {
      client.setQueryData(queryKeys.moderationStaff, staff);
      toast.success(body.role === 'moderator' ? `${body.username} is now a moderator` : `${body.username} is no longer a moderator`);
      void client.invalidateQueries({ queryKey: queryKeys.moderation });
    },
    onError: (error) => toastApiError(error, 'Role Not Changed'),
  });
}
