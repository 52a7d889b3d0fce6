import { describe, expect, it } from 'vitest';
import { AWAY_CARD_AFTER_MS, awayCardDue, awayHasNews, type AwayCounts } from './away.ts';

const NONE: AwayCounts = { won: 0, lost: 0, xp: 0, levels: 0, copperIn: 0, copperOut: 0, itemsIn: [], itemsOut: [], sales: 0, gifts: 0, messages: 0 };
const NOW = Date.UTC(2026, 0, 1, 12);

describe('while you were away (issue 44 point 5)', () => {
  it('shows no card before the first visit, after a short absence, or when nothing settled', () => {
    expect(awayCardDue(null, NOW, { ...NONE, won: 1 })).toBe(false);
    expect(awayCardDue(NOW - AWAY_CARD_AFTER_MS + 1, NOW, { ...NONE, won: 1 })).toBe(false);
    expect(awayCardDue(NOW - 2 * AWAY_CARD_AFTER_MS, NOW, NONE)).toBe(false);
    expect(awayHasNews(NONE)).toBe(false);
  });

  it('shows the card after a while with anything settled; the time scale shortens the while', () => {
    expect(awayCardDue(NOW - AWAY_CARD_AFTER_MS, NOW, { ...NONE, messages: 1 })).toBe(true);
    expect(awayCardDue(NOW - AWAY_CARD_AFTER_MS / 20, NOW, { ...NONE, itemsIn: [{}] }, 20)).toBe(true);
    expect(awayCardDue(NOW - AWAY_CARD_AFTER_MS / 20 + 1, NOW, { ...NONE, lost: 1 }, 20)).toBe(false);
  });
});
