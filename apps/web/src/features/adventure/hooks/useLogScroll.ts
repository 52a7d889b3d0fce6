import type { ConsoleMessage } from '@rpg/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec 02 §2 / §9: the scroll position is restored 50 ms after the lines change (once they are laid out). */
export const SCROLL_RESTORE_MS = 50;
/** Within this many pixels of the end the reader counts as following the newest lines. */
const FOLLOW_SLACK_PX = 48;

/**
 * The log's scrolling: a reader at the end follows new lines (scrolled to the newest at once and
 * again after 50 ms); a reader scrolled up stays put, except after sending a line of their own;
 * 'Load earlier' keeps the line being read in place.
 */
export function useLogScroll(messages: readonly ConsoleMessage[]) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const newestSeen = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [scrolledUp, setScrolledUp] = useState(false);

  const toNewest = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    following.current = true;
    setScrolledUp(false);
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
    following.current = atEnd;
    setScrolledUp(!atEnd);
  }, []);

  /** Call before loading older lines. */
  const keepPlace = useCallback(() => {
    const el = ref.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    const kept = anchor.current;
    if (!el || !kept || el.scrollHeight === kept.height) return;
    el.scrollTop = el.scrollHeight - kept.height + kept.top;
    anchor.current = null;
  }, [messages]);

  useEffect(() => {
    const newest = messages[messages.length - 1]?.id ?? null;
    const before = newestSeen.current;
    newestSeen.current = newest;
    if (newest === null || newest === before) return;
    const ownLine = before !== null && messages.some((m) => m.id > before && m.kind === 'user');
    if (!following.current && !ownLine && before !== null) return;
    toNewest();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(toNewest, SCROLL_RESTORE_MS);
  }, [messages, toNewest]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { ref, onScroll, keepPlace, toNewest, scrolledUp };
}
