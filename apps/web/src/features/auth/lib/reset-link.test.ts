import { describe, expect, it } from 'vitest';
import { parseResetFragment } from './reset-link';

describe('issue 43: the reset link', () => {
  it('reads the address and the code from the fragment', () => {
    expect(parseResetFragment('#email=hero%40example.com&code=123456')).toEqual({ email: 'hero@example.com', code: '123456' });
  });

  it('ignores a fragment without both, or a code that is not 6 digits', () => {
    expect(parseResetFragment('')).toBeNull();
    expect(parseResetFragment('#email=hero%40example.com')).toBeNull();
    expect(parseResetFragment('#email=hero%40example.com&code=12ab56')).toBeNull();
  });
});
