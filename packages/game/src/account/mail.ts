/**
 * Spec 01 §5/§8, issue 43: the words of the account e-mails, each with a link and a 6-digit code,
 * either of which does the job. The server lays them out (plain text as given, the HTML version
 * from its parts) and sends them.
 */
export interface MailWords {
  subject: string;
  /** The plain-text body, with the link and the code in place. */
  text: string;
  /** The HTML version's parts, in order: a heading, a paragraph, the button that opens the link, the words before the code, a closing note. */
  heading: string;
  intro: string;
  button: string;
  codeLead: string;
  footnote: string;
}

/** The one verification mail: confirms the address of a new account. */
export function verificationMailWords(link: string, code: string, codeMinutes: number): MailWords {
  const heading = 'Welcome to RPG Adventure!';
  const intro = 'Confirm your e-mail address to start your adventure.';
  const codeLead = 'Or enter this code on the sign-in page:';
  const validity = `The code is valid for ${codeMinutes} minutes; the link for 24 hours.`;
  const text = [
    heading,
    '',
    `${intro} Open this link:`,
    link,
    '',
    `${codeLead} ${code}`,
    validity,
    '',
    'If you did not sign up, you can ignore this message.',
  ].join('\n');
  return {
    subject: 'Verify your RPG Adventure account',
    text,
    heading,
    intro,
    button: 'Verify my e-mail',
    codeLead,
    footnote: `${validity} If you did not sign up, ignore this message.`,
  };
}

/** Issue 43: the password reset mail; the link or the code lets the player set a new password. */
export function passwordResetMailWords(link: string, code: string, codeMinutes: number): MailWords {
  const intro = 'Someone asked to reset the password of your RPG Adventure account.';
  const codeLead = 'Or enter this code on the sign-in page, under "Forgot password?":';
  const validity = `The code and the link are valid for ${codeMinutes} minutes and work once. Setting a new password signs out every device.`;
  const ignore = 'If you did not ask for this, ignore this message: your password stays as it is.';
  const text = [intro, '', 'To choose a new password, open this link:', link, '', `${codeLead} ${code}`, validity, '', ignore].join('\n');
  return {
    subject: 'Reset your RPG Adventure password',
    text,
    heading: 'Reset your password',
    intro,
    button: 'Choose a new password',
    codeLead,
    footnote: `${validity} ${ignore}`,
  };
}
