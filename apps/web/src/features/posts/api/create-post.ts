import { POST_TEXTS, postImageResponseSchema, postResponseSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** POST /api/posts/images (multipart 'file'): the image, checked by its bytes, kept for the post. */
export function uploadPostImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiFetch('/api/posts/images', postImageResponseSchema, { method: 'POST', body: form });
}

/** POST /api/posts { text, imageId? }: 'Post created!'; 'Post must have content or image.' when both are missing. */
export async function createPost({ text, image }: { text: string; image: File | null }) {
  const imageId = image ? (await uploadPostImage(image)).imageId : null;
  return apiFetch('/api/posts', postResponseSchema, { method: 'POST', body: { text, imageId } });
}

export function useCreatePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      toast.success(POST_TEXTS.created);
      for (const queryKey of [queryKeys.posts(userId), queryKeys.profile(userId)]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toastApiError(error, POST_TEXTS.createFailed),
  });
}
