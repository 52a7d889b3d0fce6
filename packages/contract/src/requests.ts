/**
 * The request shapes of the game API (bodies, params, query strings), shared by the server's
 * route schemas and the web app's fetchers. Fields the game rules check themselves (a name, a
 * race, a chip amount) stay loose here, so the player gets the rule's own message; every string
 * is still capped and free of control characters.
 */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { idInput, int, NO_CONTROL, text } from './input.ts';

/** `:id` of /api/characters/:id/... (an id that is not a UUID answers 404 'Character not found'). */
export const characterParamsSchema = lazySchema(() => z.object({ id: idInput }));
/** `:id` and `:entryId` of /api/characters/:id/inventory/:entryId/... and .../scrolls/:entryId/read. */
export const entryParamsSchema = lazySchema(() => z.object({ id: idInput, entryId: idInput }));

/** A free-text field the rules check (name, race, class, gender, colours); null or missing takes the rule's default or message. */
const ruleText = lazySchema(() => text(100).nullish());

/** Any appearance field left out or null takes its default (spec 01 §3). */
export const appearanceInputSchema = lazySchema(() =>
  z.strictObject({
    hairStyle: ruleText,
    hairColor: ruleText,
    eyeColor: ruleText,
    clothesStyle: ruleText,
    skinTone: ruleText,
  }),
);

/**
 * POST /api/characters, spec 01 §3 "New-character payload". Missing or empty fields are reported
 * by the rule with the spec's toasts; level, xp, money, attributes and backpack are the server's and
 * are ignored.
 */
export const createCharacterBodySchema = lazySchema(() =>
  z.object({
    name: ruleText,
    race: ruleText,
    class: ruleText,
    gender: ruleText,
    appearance: appearanceInputSchema.nullish(),
  }),
);
export type CreateCharacterBody = z.input<typeof createCharacterBodySchema>;

/** PATCH /api/characters/:id: only the supplied fields change (spec 01 §5). */
export const updateCharacterBodySchema = lazySchema(() =>
  z.strictObject({
    name: text(100).optional(),
    gender: text(100).optional(),
    appearance: appearanceInputSchema.optional(),
  }),
);
export type UpdateCharacterBody = z.input<typeof updateCharacterBodySchema>;

/** POST /api/characters/:id/attributes/upgrade: one of strength, dexterity, ... (the rule names a wrong one). */
export const upgradeAttributeBodySchema = lazySchema(() => z.object({ attribute: text(40) }));

/** POST /api/characters/:id/console: one line typed in the console. */
export const consoleLineBodySchema = lazySchema(() =>
  z.object({
    text: text(500, { tooLong: 'That line is too long (500 characters at most).' }).trim().min(1, 'Type a command or a message.'),
  }),
);
export type ConsoleLineBody = z.input<typeof consoleLineBodySchema>;

/** GET /api/characters/:id/console?before=ID: the page of history before that message. */
export const consoleHistoryQuerySchema = lazySchema(() =>
  z.object({
    before: z
      .string()
      .regex(/^\d{1,15}$/, 'must be a message id')
      .transform(Number)
      .pipe(int(1, Number.MAX_SAFE_INTEGER))
      .optional(),
  }),
);

/**
 * POST /api/characters/:id/chips/buy and .../cash-out { amount }: a number, or a numeric string.
 * Anything else reaches the rule as NaN, which answers the spec's 'Invalid amount' toast.
 */
export const chipsBodySchema = lazySchema(() =>
  z
    .object({ amount: z.unknown().refine((v) => typeof v !== 'string' || (v.length <= 32 && NO_CONTROL.test(v)), 'must be a number') })
    .transform(({ amount }) => {
      if (typeof amount === 'number') return amount;
      if (typeof amount === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(amount)) return Number(amount);
      return Number.NaN;
    }),
);
export type ChipsBody = z.input<typeof chipsBodySchema>;

/** POST /api/characters/:id/crafting/start { recipeId } (an unknown id answers 'Recipe not found'). */
export const startCraftBodySchema = lazySchema(() => z.object({ recipeId: text(64).nullish() }).transform(({ recipeId }) => recipeId ?? ''));

/** POST /api/characters/:id/inventory/:entryId/sell: one unless a quantity is given (spec 02 §4). */
export const sellBodySchema = lazySchema(() => z.strictObject({ quantity: int(1, 1_000_000).optional() }).nullish());
export type SellBody = z.output<typeof sellBodySchema>;

/** POST /api/characters/:id/store/buy { offerId }: the id of an offer in GET .../store. */
export const buyOfferBodySchema = lazySchema(() => z.strictObject({ offerId: idInput }));

/** GET /api/dev/outbox?to=ADDRESS (NODE_ENV development or test, DEV_OUTBOX=1). */
export const outboxQuerySchema = lazySchema(() => z.object({ to: text(254).min(3, 'must be an e-mail address') }));
