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
    "If you did not sign up, you can ignore this message.",
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
