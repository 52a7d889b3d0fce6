import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, kept for the tab's session (as react-router does). */
const STORAGE_KEY = 'react-router-scroll-positions';
let positions: Record<string, number> | null = null;
/** The entry on screen: set before paint, so a scroll the new page causes is never filed under the old one. */
let currentKey = 'default';

function saved(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

/**
 * react-router's <ScrollRestoration> for its declarative mode: back and forward return to where the
 * page was scrolled, a link to #id scrolls to that element, any other navigation starts at the top.
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved()));
      } catch {
        // storage full or unavailable: positions are lost on reload only
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const onScroll = () => {
      saved()[currentKey] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    const y = navigationType === 'POP' ? saved()[location.key] : undefined;
    if (typeof y === 'number') {
      window.scrollTo(0, y);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
