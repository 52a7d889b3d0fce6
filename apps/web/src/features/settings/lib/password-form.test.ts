import { describe, expect, it } from 'vitest';
import { passwordFormProblem } from './password-form';

const form = (currentPassword: string, newPassword: string, confirmPassword: string) => ({ currentPassword, newPassword, confirmPassword });

describe('spec 01 section 5, DECISIONS section 2: the settings password form', () => {
  it('needs all three fields', () => {
    expect(passwordFormProblem(form('', 'secret1', 'secret1'))).toBe('Please fill in all three password fields.');
    expect(passwordFormProblem(form('old-pass', '', 'secret1'))).toBe('Please fill in all three password fields.');
    expect(passwordFormProblem(form('old-pass', 'secret1', ''))).toBe('Please fill in all three password fields.');
  });

  it('refuses a confirmation that differs with the spec text', () => {
    expect(passwordFormProblem(form('old-pass', 'secret1', 'secret2'))).toBe("New passwords don't match. Please try again.");
  });

  it('refuses a new password shorter than 6 characters', () => {
    expect(passwordFormProblem(form('old-pass', '12345', '12345'))).toBe('Password must be at least 6 characters');
  });

  it('accepts a matching new password of 6 characters or more', () => {
    expect(passwordFormProblem(form('old-pass', '123456', '123456'))).toBeNull();
  });
});
