import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailBaseUrl, NO_MAIL_ADDRESS_MESSAGE, sameHostOrigin, type OriginPolicy } from '../http/origin.ts';
import { authAccount, authSession, authUser, authVerification } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';
import { AUTH_TEXTS, isSuspended, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, suspendedMessage } from '@rpg/game';
import { suspensionOf } from '../db/queries/moderation.ts';
import { markOffline, recordSignIn } from './profile.ts';
import { replaceUnverifiedAccount } from '../db/queries/accounts.ts';

export const OTP_MINUTES = 15;
const LINK_SECONDS = 24 * 60 * 60;
/** better-auth paths that end sessions other than through /sign-out. */
const REVOKING_PATHS = new Set(['/change-password', '/revoke-sessions', '/revoke-other-sessions']);
/** Issue 43: the password reset by a mailed code (better-auth's e-mail OTP plugin); it ends every session of the account. */
export const RESET_PASSWORD_PATH = '/email-otp/reset-password';
/** Where the reset mail's link leads: the sign-in page's reset form, the address and code in the fragment (never sent to a server or a log). */
const resetLink = (base: string, email: string, code: string) => `${base}/auth/reset#${new URLSearchParams({ email, code }).toString()}`;

export interface AuthEvents {
  /** A session ended by sign-out: its sockets close and presence is republished. */
  onSignedOut(userId: string, sessionId: string): void;
  onSignedIn(userId: string): void;
  /** Sessions of the player were revoked (password change, sign out everywhere): their sockets close. */
  onSessionsRevoked(userId: string): void;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  events: AuthEvents;
  originPolicy: OriginPolicy;
  log: { error(obj: object, msg?: string): void };
}

const requestHeaders = (request: Request | undefined) => (request ? Object.fromEntries(request.headers.entries()) : {});

export function createAuth({ config, db, mailer, secret, events, originPolicy, log }: AuthDeps) {
  const sendMail = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error, to: mail.to }, 'sending mail failed');
      throw new APIError('SERVICE_UNAVAILABLE', { message: AUTH_TEXTS.mailNotSent });
    }
  };

  return betterAuth({
    appName: 'RPG Adventure',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // Same rule as the game's own origin check (http/origin.ts): without PUBLIC_URL, the host the page was loaded from.
    trustedOrigins: originPolicy.allowSameHost
      ? (request) => {
          const own = sameHostOrigin(requestHeaders(request));
          return own ? [...originPolicy.trustedOrigins, own] : [...originPolicy.trustedOrigins];
        }
      : [...originPolicy.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    // Our own limits (per IP and per address, shared across processes) run in front of the handler.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      // The e-mail OTP plugin sends the one mail (code and link) on sign-up and on resend.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: LINK_SECONDS,
    },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'rpg',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_MINUTES * 60,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: true,
        // Our rate limits cover these routes.
        rateLimit: { window: 60, max: 1000 },
        async sendVerificationOTP({ email, otp, type }, ctx) {
          if (type !== 'email-verification' && type !== 'forget-password') return;
          // The PUBLIC_URL; without it, the loopback address the player signed up on, never a Host the client chose.
          const base = mailBaseUrl(requestHeaders(ctx?.request), config.publicUrl, config.publicUrlFixed);
          if (!base) throw new APIError('FORBIDDEN', { code: 'PUBLIC_URL_REQUIRED', message: NO_MAIL_ADDRESS_MESSAGE });
          if (type === 'forget-password') {
            await sendMail(passwordResetMail(email, resetLink(base, email, otp), otp, OTP_MINUTES));
            return;
          }
          const token = await createEmailVerificationToken(secret, email, undefined, LINK_SECONDS);
          const callback = encodeURIComponent('/auth?verified=1');
          const link = `${base}/api/auth/verify-email?token=${token}&callbackURL=${callback}`;
          await sendMail(verificationMail(email, link, otp, OTP_MINUTES));
        },
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // Issue 28: a suspended account gets no session (whatever path makes one), told why and until when.
          // Runs after the password was checked: the suspension is told to the account's owner only.
          before: async (session) => {
            const suspension = await suspensionOf(db, session.userId);
            if (isSuspended(suspension, new Date())) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: suspendedMessage(suspension.until, suspension.reason ?? '') });
            }
          },
          after: async (session) => {
            // The session exists already; a failed profile write is logged, never an unhandled rejection.
            await recordSignIn(db, session.userId).catch((error: unknown) => log.error({ err: error }, 'recording the sign-in failed'));
            events.onSignedIn(session.userId);
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        // A password change or "sign out everywhere" revoked sessions: their sockets must close.
        if (REVOKING_PATHS.has(ctx.path) && !isAPIError(ctx.context.returned)) {
          const current = await getSessionFromCtx(ctx);
          if (current) events.onSessionsRevoked(current.user.id);
        }
        // Issue 43: a reset deleted every session of the account (revokeSessionsOnPasswordReset): caches and sockets follow.
        if (ctx.path === RESET_PASSWORD_PATH && !isAPIError(ctx.context.returned) && typeof ctx.body?.email === 'string') {
          const found = await ctx.context.internalAdapter.findUserByEmail(ctx.body.email.toLowerCase());
          if (found) {
            await markOffline(db, found.user.id);
            events.onSessionsRevoked(found.user.id);
          }
        }
      }),
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          // Spec 01 §5: a duplicate address is told so (the spec's product reveals it; DECISIONS keeps the text).
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : '';
          const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
          // Issue 43: an unverified account never holds its address: this sign-up replaces it (its
          // password, sessions and codes go), so the verification that follows confirms this password.
          if (existing && !existing.user.emailVerified && (await replaceUnverifiedAccount(db, existing.user.id, email))) {
            events.onSessionsRevoked(existing.user.id);
          } else if (existing) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: AUTH_TEXTS.duplicateEmail });
          }
        }
        if (ctx.path === '/sign-out') {
          // Spec 01 §4 sign-out: is_online false first, then the session is revoked.
          const current = await getSessionFromCtx(ctx);
          if (current) {
            await markOffline(db, current.user.id);
            events.onSignedOut(current.user.id, current.session.id);
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
