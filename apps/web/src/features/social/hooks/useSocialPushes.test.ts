import { describe, expect, it } from 'vitest';
import { openConversationId } from './useSocialPushes';

describe('the conversation open in this tab (no toast for a message shown already)', () => {
  it('is the ?with= of the own profile Messages tab, and nothing elsewhere', () => {
    expect(openConversationId('/user-profile', '?tab=messages&with=abc')).toBe('abc');
    expect(openConversationId('/user-profile', '?tab=friends&with=abc')).toBeNull();
    expect(openConversationId('/user-profile/abc', '?tab=messages&with=abc')).toBeNull();
    expect(openConversationId('/play', '')).toBeNull();
  });
});
