import { describe, expect, it } from 'vitest';
import { exportFileName, seenAgo } from './export-file';

describe('issue 43: the account screen’s texts', () => {
  it('names the export by its day', () => {
    expect(exportFileName('2026-12-01T20:00:00.000Z')).toBe('rpg-adventure-data-2026-12-01.json');
  });

  it('says when a device was last seen', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(seenAgo('2026-12-01T11:59:30Z', now)).toBe('just now');
    expect(seenAgo('2026-12-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(seenAgo('2026-12-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(seenAgo('2026-11-29T12:00:00Z', now)).toBe('2 days ago');
  });
});
