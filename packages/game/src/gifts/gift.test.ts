import { describe, expect, it } from 'vitest';
import { ruleErrorOf as ruleError } from '../errors.testutil.ts';
import { GIFT_TEXT, planGift } from './gift.ts';

const base = { fromUserId: 'a', toUserId: 'b', areFriends: true };

describe('DECISIONS §4 gifts between friends', () => {
  it('refuses strangers, oneself, nothing, both, equipped items and more than held', () => {
    expect(ruleError(() => planGift({ ...base, areFriends: false, copper: 10 })).message).toBe(GIFT_TEXT.notFriends);
    expect(ruleError(() => planGift({ ...base, toUserId: 'a', copper: 10 })).message).toBe(GIFT_TEXT.self);
    expect(ruleError(() => planGift({ ...base })).message).toBe(GIFT_TEXT.nothing);
    expect(ruleError(() => planGift({ ...base, copper: -5 })).message).toBe(GIFT_TEXT.nothing);
    const item = { quantity: 1, held: 2, equipped: false, name: 'Iron Sword' };
    expect(ruleError(() => planGift({ ...base, copper: 5, item })).message).toBe(GIFT_TEXT.both);
    expect(ruleError(() => planGift({ ...base, item: { ...item, equipped: true } })).message).toBe(GIFT_TEXT.equipped);
    expect(ruleError(() => planGift({ ...base, item: { ...item, quantity: 3 } })).message).toBe(GIFT_TEXT.notEnoughItems);
  });

  it('plans copper or items with the line the receiver reads', () => {
    expect(planGift({ ...base, copper: 10_250 })).toEqual({ kind: 'copper', copper: 10_250, line: '1g 2s 50c' });
    expect(planGift({ ...base, item: { quantity: 2, held: 2, equipped: false, name: 'Minor Health Potion' } })).toEqual({
      kind: 'item',
      quantity: 2,
      line: '2 x Minor Health Potion',
    });
  });
});
