import { describe, expect, it } from 'vitest';
import { currentSessionRefusal, deviceName, passwordRequiredRefusal, unknownSessionRefusal, wrongPasswordRefusal } from './account.ts';

describe('issue 43: accounts', () => {
  it('names a device by its browser and system', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(deviceName('curl/8.0')).toBe('Unknown browser');
    expect(deviceName(null)).toBe('Unknown browser');
  });

  it('refuses with the texts of docs/decisions/accounts.md', () => {
    expect(wrongPasswordRefusal().message).toBe('Current password is incorrect');
    expect(passwordRequiredRefusal().status).toBe(400);
    expect(unknownSessionRefusal().status).toBe(404);
    expect(currentSessionRefusal().code).toBe('current_session');
  });
});
