import { afterEach, describe, expect, it } from 'vitest';
import { addWaiting, badgeIcon, clearWaiting, waitingCount } from './waiting-badge';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => clearWaiting());

describe('issue 44 point 3: the tab title and icon count what ended while it was hidden', () => {
  it('counts in the title and on the icon, and puts both back when the player looks again', () => {
    const link = Object.assign(document.createElement('link'), { rel: 'icon', href: 'data:image/svg+xml,base' });
    document.head.append(link);
    document.title = 'RPG Adventure';
    setVisibility('hidden');
    addWaiting();
    addWaiting();
    expect(waitingCount()).toBe(2);
    expect(document.title).toBe('(2) RPG Adventure');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href).toBe(badgeIcon(2));
    setVisibility('visible');
    expect(waitingCount()).toBe(0);
    expect(document.title).toBe('RPG Adventure');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.getAttribute('href')).toBe('data:image/svg+xml,base');
  });

  it('draws 9+ above nine', () => {
    expect(decodeURIComponent(badgeIcon(12))).toContain('>9+</text>');
    expect(decodeURIComponent(badgeIcon(3))).toContain('>3</text>');
  });
});
