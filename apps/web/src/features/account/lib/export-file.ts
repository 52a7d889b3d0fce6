/** The file "Download my data" saves: the day of the export in its name, as the server's Content-Disposition says. */
export function exportFileName(exportedAt: string): string {
  return `rpg-adventure-data-${exportedAt.slice(0, 10)}.json`;
}

/** "3 minutes ago", "2 days ago": when a device was last seen. */
export function seenAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const units: Array<[number, string]> = [
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
