import { passwordResetMailWords, verificationMailWords, type MailWords } from '@rpg/game';
import type { Mail } from './mailer.ts';

/** For an attribute's value. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** For an element's text: the rules' words stay as they are unless they hold markup characters. */
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An account e-mail from the rules' words: the plain text as given, the HTML version laid out in the game's colours. */
function accountMail(to: string, words: MailWords, link: string, code: string): Mail {
  const html = `<div style="font-family:Georgia,serif;background:#0f0d0a;color:#f1e6c8;padding:24px">
<h1 style="color:#e0b04a">${escapeText(words.heading)}</h1>
<p>${escapeText(words.intro)}</p>
<p><a href="${escapeHtml(link)}" style="background:#e0b04a;color:#1a1208;padding:10px 18px;text-decoration:none;border-radius:6px">${escapeText(words.button)}</a></p>
<p>${escapeText(words.codeLead)} <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong></p>
<p style="color:#a89a7a">${escapeText(words.footnote)}</p>
</div>`;
  return { to, subject: words.subject, text: words.text, html, link, code };
}

/** The one verification mail: a link and a 6-digit code, either of which confirms the address. */
export function verificationMail(to: string, link: string, code: string, codeMinutes: number): Mail {
  return accountMail(to, verificationMailWords(link, code, codeMinutes), link, code);
}

/** Issue 43: the password reset mail, a link and a 6-digit code, either of which lets the player set a new password. */
export function passwordResetMail(to: string, link: string, code: string, codeMinutes: number): Mail {
  return accountMail(to, passwordResetMailWords(link, code, codeMinutes), link, code);
}
