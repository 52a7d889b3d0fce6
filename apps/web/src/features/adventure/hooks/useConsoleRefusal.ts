import { useEffect, useRef } from 'react';
import { consoleRefusal, isUnshownSendFailure, retryText } from '../lib/refusal';
import { useNow } from './useNow';

/** A read the console keeps fresh (its lines, the adventure board). */
export interface WatchedRead {
  error: unknown;
  /** When the last failure came (TanStack's `errorUpdatedAt`). */
  errorUpdatedAt: number;
  refetch: () => unknown;
}

/** A request the player made (a line, an adventure start). */
export interface WatchedSend {
  error: unknown;
  /** When it was sent (TanStack's `submittedAt`); its answer came right after. */
  submittedAt: number;
}

/**
 * The line the console shows while a request it made was refused (issue 27): the server's message
 * and when it is tried again. A refused read is asked again by itself when the wait is over (the
 * server's `Retry-After`, else a few seconds), so the console never stops updating in silence.
 * A refused send says when the player may send again. Null when all is well.
 */
export function useConsoleRefusal(reads: readonly WatchedRead[], sends: readonly WatchedSend[]): string | null {
  const failingReads = reads.filter((read) => read.error);
  const newest = failingReads.reduce<WatchedRead | undefined>((a, b) => (!a || b.errorUpdatedAt > a.errorUpdatedAt ? b : a), undefined);
  const readRefusal = newest ? consoleRefusal(newest.error, newest.errorUpdatedAt) : null;

  const failedSend = sends.filter((send) => send.error && isUnshownSendFailure(send.error)).sort((a, b) => b.submittedAt - a.submittedAt)[0];
  const sendRefusal = failedSend ? consoleRefusal(failedSend.error, failedSend.submittedAt) : null;

  const now = useNow(readRefusal !== null || sendRefusal !== null);

  // When the wait is over, every failing read is asked again; a success clears the line.
  const retryAt = readRefusal?.retryAt;
  const failing = useRef(failingReads);
  useEffect(() => {
    failing.current = failingReads;
  });
  useEffect(() => {
    if (retryAt === undefined) return undefined;
    const timer = setTimeout(
      () => {
        for (const read of failing.current) void read.refetch();
      },
      Math.max(0, retryAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [retryAt]);

  if (readRefusal) return `${readRefusal.message} ${retryText(readRefusal.retryAt, now, 'read')}`;
  if (sendRefusal && now < sendRefusal.retryAt) return `${sendRefusal.message} ${retryText(sendRefusal.retryAt, now, 'send')}`;
  return null;
}
