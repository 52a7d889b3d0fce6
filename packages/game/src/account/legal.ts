/** Issue 43: the legal pages, and their titles. */
export type LegalName = 'terms' | 'privacy';

export const LEGAL_TITLES: Record<LegalName, string> = { terms: 'Terms of Use', privacy: 'Privacy Notice' };

/** How long the server keeps what the privacy notice names (the server's RETENTION). */
export interface LegalRetention {
  chatDays: number;
  endedListingDays: number;
  giftDays: number;
  reportDays: number;
  unverifiedAccountDays: number;
}

/**
 * Issue 43: the game's plain defaults, until the host puts `terms.txt` / `privacy.txt` in LEGAL_DIR
 * (DATA_DIR/legal). The privacy notice says what the game stores and for how long
 * (docs/security-limits.md "Retention").
 */
export function defaultLegalText(name: LegalName, retention: LegalRetention): string {
  const texts: Record<LegalName, string> = {
    terms: [
      'This game is run by its host, who has not supplied terms of their own. These plain terms apply until they do.',
      'Play fairly: one person per account, no automated play, no attacks on the server or on other players,' +
        ' no abuse, hate or spam in the chat, posts, comments or messages.' +
        ' Moderators may delete what breaks these rules, and mute or suspend the account that wrote it.',
      'Game currency, items and characters have no value outside the game and cannot be exchanged for money. The host may change, reset or end the game.',
      'You may delete your account at any time on the Settings page; what that removes is described there and in the privacy notice.',
    ].join('\n\n'),
    privacy: [
      'This game is run by its host, who has not supplied a privacy notice of their own. This plain notice says what the game stores.',
      'Your account: your e-mail address, a hash of your password (never the password itself), whether the address is verified, and your public username.' +
        ' For each signed-in device: its address (IP), its browser (User-Agent), when it signed in and when it was last seen.',
      'Your play: your characters and everything they hold and do (copper, items, adventures, crafting, skills, achievements, auction listings)' +
        ', and a ledger of every movement of copper, chips and items.',
      'What you write and upload: global chat lines, posts, comments, likes, direct messages, friend requests, blocks, gifts, reports, and the images you upload.',
      `How long: your own writing, play and images as long as the account.` +
        ` Global chat lines ${retention.chatDays} days (the newest lines always), ended auction listings ${retention.endedListingDays} days,` +
        ` the gift log ${retention.giftDays} days, closed reports ${retention.reportDays} days.` +
        ` An account never verified is deleted after ${retention.unverifiedAccountDays} days. The moderation log is kept.`,
      'Mail: only what the game needs (a verification code, a password reset code). No tracking, no advertising, nothing sold or shared.',
      'Your rights: "Download my data" on the Settings page gives you a copy of everything above as one JSON file, and "Delete account" removes the account.' +
        ' Other players keep what they bought from you or were given, and the moderation log keeps your name next to actions taken.',
    ].join('\n\n'),
  };
  return texts[name];
}
