/**
 * Issue 44: what ended while the tab was hidden, counted in the tab's title ('(2) RPG Adventure')
 * and drawn on its icon, until the player looks at the tab again.
 */
let count = 0;
let baseTitle = '';
let baseIcon: string | null = null;
let listening = false;

const COUNT_PREFIX = /^\(\d+\+?\) /;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
}

/** The game's shield with a red disc and the count (9+ above nine). */
export function badgeIcon(n: number): string {
  const label = n > 9 ? '9+' : String(n);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b0d12"/>` +
    `<path d="M32 6 52 14v16c0 13-9 23-20 28C21 53 12 43 12 30V14z" fill="none" stroke="#e3bd5c" stroke-width="4" stroke-linejoin="round"/>` +
    `<circle cx="44" cy="20" r="18" fill="#dc2626"/>` +
    `<text x="44" y="27" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700"` +
    ` font-size="${label.length > 1 ? 18 : 22}" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function render(): void {
  document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${baseTitle}` : baseTitle;
  const link = iconLink();
  if (link && baseIcon !== null) link.href = count > 0 ? badgeIcon(count) : baseIcon;
}

function onVisibility(): void {
  if (document.visibilityState === 'visible') clearWaiting();
}

/** One more thing waiting (the tab is hidden): the title and icon show the count. */
export function addWaiting(): void {
  if (typeof document === 'undefined') return;
  if (count === 0) {
    baseTitle = document.title.replace(COUNT_PREFIX, '');
    baseIcon = iconLink()?.href ?? null;
  }
  count += 1;
  render();
  if (!listening) {
    listening = true;
    document.addEventListener('visibilitychange', onVisibility);
  }
}

/** The player is back: the title and icon as they were. */
export function clearWaiting(): void {
  if (count === 0) return;
  count = 0;
  render();
}

export function waitingCount(): number {
  return count;
}
