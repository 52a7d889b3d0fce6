/**
 * The texts of refusals that are not a game rule (issue 47: one home for every text a player
 * reads): a request the server cannot take (not found, not signed in, malformed, too large, from
 * elsewhere, repeated), an upload it cannot read, and the throttles' "too quickly". The server's
 * HTTP layer raises them with its own status codes; the words are these.
 */

export const REQUEST_TEXTS = {
  notFound: 'Not found',
  signIn: 'Please log in to continue.',
  invalidInput: 'Invalid input.',
  unrecognizedField: 'Unrecognized field',
  notValid: 'is not valid',
  /** Before a field's name when the refusal names none ("Input must be ..."). */
  inputPrefix: 'Input ',
  /** Before the refusal of a field whose name is not safe to repeat. */
  aFieldPrefix: 'A field: ',
  requestNotValid: 'The request is not valid.',
  jsonOnly: 'Requests must be sent as JSON.',
  emptyBody: 'The request body is empty; send a JSON object.',
  notJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  refused: 'The request was refused.',
  notAnObject: 'The request body must be a JSON object.',
  forbiddenOrigin: 'This request did not come from the game and was refused.',
  idempotencyKey: 'The Idempotency-Key header must be 8 to 100 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was used for another request: send a new one.',
  alreadyDone: 'This action was already done. Refresh to see it.',
  /** A plain request to the realtime socket's address (the game opens it as a WebSocket). */
  websocketOnly: "This address is the game's live connection: it opens as a WebSocket.",
  /** A push subscription's endpoint (made by the browser). */
  httpsEndpoint: 'endpoint must be an https URL',
  noMailAddress:
    'This server sends e-mails only when it is opened at its public address. Open the game at that address, or ask its operator to set PUBLIC_URL.',
} as const;

/** A 500: the request id goes with it, so a player can quote it. */
export const somethingWentWrong = (reference: string) => `Something went wrong on our side. Please try again. (Reference: ${reference})`;

/** The auth screens' fields (apps/server/src/http/schema.ts checks them before better-auth reads them). */
export const AUTH_INPUT_TEXTS = {
  required: 'is required',
  mustBeText: 'must be text',
  nameTooLong: 'Names are at most 64 characters.',
  otpShape: 'must be the 6-digit code',
  otpDigits: 'The code is the 6 digits from the e-mail.',
  nestedTooDeeply: 'is nested too deeply',
  otherTextTooLong: 'must be at most 2048 characters, without control characters',
} as const;

/** DECISIONS §3 uploads: what an image upload is refused with. */
export const UPLOAD_TEXTS = {
  imagesOnly: 'Images only: PNG, JPEG, WebP or GIF.',
  tooLarge: 'The image is larger than 2 MB.',
  tooManyPixels: 'The image is too large: at most 24 megapixels (e.g. 6000 × 4000).',
  invalid: 'Send the image as multipart/form-data in a field named "file".',
  unreadable: 'The upload could not be read. Please try again.',
  oneFile: 'Send one image at a time.',
  emptyFile: 'The file is empty.',
  damaged: 'The image could not be read: it may be damaged or incomplete.',
} as const;

/** The toast title of every 429. */
export const SLOW_DOWN = 'Slow Down';

/** The general limit of every request: the wait in seconds. */
export const tooManyRequestsWait = (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`;
/** A 429 whose wait is not known (a plugin's). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please slow down and try again in a moment.';

/** The sign-in and mail limits: the wait in words. */
export function tooManyAttempts(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** The per-player throttles (docs/security.md), keyed as the server's PLAYER_LIMITS. */
export const THROTTLE_TEXTS = {
  friendRequests: 'You are sending friend requests too quickly. Try again in a few minutes.',
  directMessages: 'You are sending messages too quickly. Slow down a little.',
  uploads: 'You are uploading images too quickly. Try again in a few minutes.',
  posts: 'You are posting too quickly. Try again in a few minutes.',
  comments: 'You are commenting too quickly. Try again in a few minutes.',
  likes: 'You are liking posts too quickly. Slow down a little.',
  listings: 'You are listing and cancelling too quickly. Try again in a few minutes.',
  reports: 'You are reporting too quickly. Try again in a few minutes.',
  gifts: 'You are sending gifts too quickly. Try again in a few minutes.',
  userSearch: 'You are searching too quickly. Slow down a little.',
  friendSuggestions: 'Friend suggestions are asked for too often. Try again in a minute.',
  leaderboards: 'The leaderboards are asked for too often. Try again in a minute.',
  pokerHands: 'You are starting poker hands too quickly. Take a moment between hands.',
  accountDeletion: 'Too many attempts to delete the account. Try again in a few minutes.',
  dataExport: 'Your data was downloaded a moment ago. Try again in an hour.',
  sessionRevocations: 'You are signing devices out too quickly. Try again in a few minutes.',
} as const;
