import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one verification mail: a link and a 6-digit code, either of which confirms the address. */
export function verificationMail(to: string, link: string, code: string, codeMinutes: number): Mail {
  const text = [
    'Welcome to RPG Adventure!',
    '',
    'Confirm your e-mail address to start your adventure. Open this link:',
    link,
    '',
    `Or enter this code on the sign-in page: ${code}`,
    `The code is valid for ${codeMinutes} minutes; the link for 24 hours.`,
    '',
    'If you did not sign up, you can ignore this message.',
  ].join('\n');
  const html = `<div style="font-family:Georgia,serif;background:#0f0d0a;color:#f1e6c8;padding:24px">
<h1 style="color:#e0b04a">Welcome to RPG Adventure!</h1>
<p>Confirm your e-mail address to start your adventure.</p>
<p><a href="${escapeHtml(link)}" style="background:#e0b04a;color:#1a1208;padding:10px 18px;text-decoration:none;border-radius:6px">Verify my e-mail</a></p>
<p>Or enter this code on the sign-in page: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong></p>
<p style="color:#a89a7a">The code is valid for ${codeMinutes} minutes; the link for 24 hours. If you did not sign up, ignore this message.</p>
</div>`;
  return { to, subject: 'Verify your RPG Adventure account', text, html, link, code };
}

/** Issue 43: the password reset mail, a link and a 6-digit code, either of which lets the player set a new password. */
export function passwordResetMail(to: string, link: string, code: string, codeMinutes: number): Mail {
  const text = [
    'Someone asked to reset the password of your RPG Adventure account.',
    '',
    'To choose a new password, open this link:',
    link,
    '',
    `Or enter this code on the sign-in page, under "Forgot password?": ${code}`,
    `The code and the link are valid for ${codeMinutes} minutes and work once. Setting a new password signs out every device.`,
    '',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = `<div style="font-family:Georgia,serif;background:#0f0d0a;color:#f1e6c8;padding:24px">
<h1 style="color:#e0b04a">Reset your password</h1>
<p>Someone asked to reset the password of your RPG Adventure account.</p>
<p><a href="${escapeHtml(link)}" style="background:#e0b04a;color:#1a1208;padding:10px 18px;text-decoration:none;border-radius:6px">Choose a new password</a></p>
<p>Or enter this code on the sign-in page, under "Forgot password?": <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong></p>
<p style="color:#a89a7a">The code and the link are valid for ${codeMinutes} minutes and work once. Setting a new password signs out every device. If you did not ask for this, ignore this message: your password stays as it is.</p>
</div>`;
  return { to, subject: 'Reset your RPG Adventure password', text, html, link, code };
}
