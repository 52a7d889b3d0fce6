import type { Toast } from '@rpg/contract';
import { toast } from 'sonner';
import { ApiError, FALLBACK_MESSAGE } from './api';
import { playSound } from './audio';

export interface ToastContent {
  title: string;
  description: string | undefined;
}

/**
 * The toast for a failed request: the server's title and message when it gives them; otherwise
 * `fallbackTitle` (the spec's failure text, e.g. 'Failed to create character') with the server's
 * message, or with no description when nothing useful came back (network failure).
 */
export function apiErrorToast(error: unknown, fallbackTitle: string): ToastContent {
  if (error instanceof ApiError) {
    const description = error.message && error.message !== FALLBACK_MESSAGE ? error.message : undefined;
    return { title: error.title ?? fallbackTitle, description };
  }
  return { title: fallbackTitle, description: undefined };
}

export function toastApiError(error: unknown, fallbackTitle: string): void {
  const { title, description } = apiErrorToast(error, fallbackTitle);
  toast.error(title, { description });
  playSound('error');
}

/** A toast the server put in its answer: the contract's one toast shape, shown as it came. */
export type ServerToast = Toast;

export function showServerToast({ title, description, variant }: ServerToast): void {
  toast[variant](title, { description });
  if (variant === 'error') playSound('error');
}
