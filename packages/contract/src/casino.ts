/** The API's casino shapes (spec 02 §2-§5, §9): chip dialogs and the poker view in the console. */
import { CARD_VALUES, POKER_PHASES, SUITS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { toastSchema } from './toast.ts';

const int = lazySchema(() => z.number().int());

/** The toast of a casino or crafting action: the one toast shape (toast.ts). */
export const actionToastSchema = toastSchema;

/** POST /api/characters/:id/chips/buy and .../chips/cash-out { amount }. */
export const chipsResponseSchema = lazySchema(() =>
  z.strictObject({
    /** Casino chips held after the change (not counting chips at a poker table). */
    chips: int,
    /** All money in copper after the change, and the same amount split for display. */
    copper: int,
    coins: z.strictObject({ gold: int, silver: int, copper: int }),
    toast: actionToastSchema,
  }),
);
export type ChipsResponse = z.infer<typeof chipsResponseSchema>;

export const cardSchema = lazySchema(() => z.strictObject({ suit: z.enum(SUITS), value: z.enum(CARD_VALUES), display: z.string() }));

export const pokerPlayerSchema = lazySchema(() =>
  z.strictObject({
    name: z.string(),
    /** null while face down: the bot's cards until the showdown (never after a fold). */
    cards: z.array(cardSchema).nullable(),
    chips: int,
    currentBet: int,
    folded: z.boolean(),
    isAllIn: z.boolean(),
    hasActed: z.boolean(),
  }),
);

/** The rules' publicPokerView: the hand without the deck. players[0] is the character, players[1] 'AI Bot'. */
export const pokerGameSchema = lazySchema(() =>
  z.strictObject({
    isActive: z.boolean(),
    players: z.tuple([pokerPlayerSchema, pokerPlayerSchema]),
    currentPlayerIndex: int,
    dealerIndex: int,
    communityCards: z.array(cardSchema),
    pot: int,
    currentBet: int,
    phase: z.enum(POKER_PHASES),
    lastAction: z.string().nullable(),
    winner: z.string().nullable(),
    winningHand: z.string().nullable(),
    split: z.boolean(),
    endedBy: z.enum(['fold', 'showdown']).nullable(),
    startingChips: int,
    /** Issue 42: each player's ante, the table fee and the rake the house kept (absent on hands dealt before them). */
    ante: int.optional(),
    fee: int.optional(),
    rake: int.optional(),
    deckSize: int,
  }),
);

/** GET /api/characters/:id/poker: the current or last finished hand (null before the first), and the chips held. */
export const pokerResponseSchema = lazySchema(() =>
  z.strictObject({
    game: pokerGameSchema.nullable(),
    chips: int,
  }),
);
export type PokerResponse = z.infer<typeof pokerResponseSchema>;
