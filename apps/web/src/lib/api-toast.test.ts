import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { apiErrorToast } from './api-toast';

describe('failure toasts (spec 01 section 8)', () => {
  it('falls back to the spec text when the request never reached the server', () => {
    expect(apiErrorToast(new TypeError('Failed to fetch'), 'Failed to create character')).toEqual({
      title: 'Failed to create character',
      description: undefined,
    });
  });

  it('keeps the fallback title but shows the server message when there is no title', () => {
    const error = new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.');
    expect(apiErrorToast(error, 'Failed to delete character')).toEqual({
      title: 'Failed to delete character',
      description: 'Something went wrong on our side. Please try again.',
    });
  });

  it("uses the server's title and message when both are given", () => {
    const error = new ApiError(409, 'character_limit_reached', 'You can only create up to 2 characters.', 'Character Limit Reached');
    expect(apiErrorToast(error, 'Failed to create character')).toEqual({
      title: 'Character Limit Reached',
      description: 'You can only create up to 2 characters.',
    });
  });
});
