import { ApiError, FALLBACK_MESSAGE } from '@/lib/api';

/** What the console shows for a failed request: the server's words and when it is tried again. */
export interface ConsoleRefusal {
  /** The server's message (e.g. 'Too many requests. Please slow down and try again in a moment.'). */
  message: string;
  /** When the read is tried again, or the player may send again (ms since the epoch). */
  retryAt: number;
}

/** Without a `Retry-After`, a failed read is tried again after this long. */
export const DEFAULT_RETRY_MS = 5_000;

const UNREACHABLE = 'The game server could not be reached.';

/** The refusal of `error`, which failed at `failedAt`: a 429's `Retry-After`, else the default wait. */
export function consoleRefusal(error: unknown, failedAt: number): ConsoleRefusal {
  if (error instanceof ApiError) {
    const waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : DEFAULT_RETRY_MS;
    const message = error.message && error.message !== FALLBACK_MESSAGE ? error.message : 'The server refused the request.';
    return { message, retryAt: failedAt + waitMs };
  }
  return { message: UNREACHABLE, retryAt: failedAt + DEFAULT_RETRY_MS };
}

/** 'Trying again in 12 s.' while waiting, 'Trying again now…' at the end (for a read the console re-asks by itself). */
export function retryText(retryAt: number, now: number, subject: 'read' | 'send'): string {
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  if (subject === 'read') return seconds > 0 ? `Updates resume in ${seconds} s.` : 'Updating again…';
  return seconds > 0 ? `You can send again in ${seconds} s.` : 'You can send again now.';
}

/** A send refused for a reason the server does not already show (a rule refusal has its own toast or line). */
export function isUnshownSendFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 429 || error.status >= 500;
}
