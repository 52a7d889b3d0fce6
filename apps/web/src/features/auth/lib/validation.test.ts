import { describe, expect, it } from 'vitest';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  OTP_INVALID,
  PASSWORD_HINT,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  hasErrors,
  normaliseOtp,
  validateCredentials,
  validateOtp,
} from './validation';

describe('spec 01 section 5: auth form validation', () => {
  it('requires the e-mail', () => {
    expect(validateCredentials({ email: '  ', password: 'secret1' })).toEqual({ email: EMAIL_REQUIRED });
  });

  it('requires an e-mail address as <input type="email"> accepts it', () => {
    for (const email of ['player', 'player@', '@example.com', 'a b@example.com', 'player@-bad.com']) {
      expect(validateCredentials({ email, password: 'secret1' }).email).toBe(EMAIL_INVALID);
    }
  });

  it('requires the password', () => {
    expect(validateCredentials({ email: 'p@example.com', password: '' })).toEqual({ password: PASSWORD_REQUIRED });
  });

  it("rejects a password under 6 characters with 'Password must be at least 6 characters'", () => {
    expect(PASSWORD_HINT).toBe('Password must be at least 6 characters');
    expect(validateCredentials({ email: 'p@example.com', password: '12345' })).toEqual({ password: PASSWORD_HINT });
  });

  it('rejects a password over 128 characters', () => {
    expect(validateCredentials({ email: 'p@example.com', password: 'x'.repeat(129) })).toEqual({ password: PASSWORD_TOO_LONG });
  });

  it('reports both fields at once', () => {
    const errors = validateCredentials({ email: '', password: '' });
    expect(errors).toEqual({ email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED });
    expect(hasErrors(errors)).toBe(true);
  });

  it('accepts a valid address with 6 and with 128 characters of password', () => {
    expect(hasErrors(validateCredentials({ email: ' hero@realm.example ', password: '123456' }))).toBe(false);
    expect(hasErrors(validateCredentials({ email: 'a@b', password: 'x'.repeat(128) }))).toBe(false);
  });
});

describe('verification code', () => {
  it('needs exactly six digits', () => {
    expect(validateOtp('')).toBe(OTP_INVALID);
    expect(validateOtp('12345')).toBe(OTP_INVALID);
    expect(validateOtp('12345a')).toBe(OTP_INVALID);
    expect(validateOtp('123456')).toBeUndefined();
  });

  it('keeps digits only, at most six, when typed or pasted', () => {
    expect(normaliseOtp(' 12-34 56 78')).toBe('123456');
  });
});
