import { describe, expect, it } from 'vitest';
import { localHour, zonesAtLocalHour } from './localHour.ts';

describe('zonesAtLocalHour', () => {
  it('names the zones where it is that hour now, and only those', () => {
    const now = new Date('2026-01-15T02:30:00Z');
    const zones = zonesAtLocalHour(now, 3);
    expect(zones).toContain('Europe/Berlin');
    expect(zones).not.toContain('Europe/London');
    expect(zones.every((zone) => localHour(now, zone) === 3)).toBe(true);
    const later = new Date('2026-01-15T03:30:00Z');
    expect(zonesAtLocalHour(later, 3)).toContain('Europe/London');
    expect(zonesAtLocalHour(later, 3)).not.toContain('Europe/Berlin');
  });
});
