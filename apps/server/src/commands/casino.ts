import { changedKeys, queryKeys } from '@rpg/contract';
import { BUY_USAGE, CASH_OUT_USAGE, settlePoker, type PokerAction } from '@rpg/game';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import { found } from '../services/characters.ts';
import { buyChipsFor, cashOutChipsFor, parseAmount } from '../services/chips.ts';
import { playPokerAction, startPokerGame } from '../services/poker.ts';
import { countEvents } from './secrets.ts';
import type { CommandContext, CommandDef } from './types.ts';

/** After a change to copper or chips: the character list (copper) and the casino query (chips, hand). */
function walletChanged(ctx: CommandContext): void {
  ctx.invalidate(...changedKeys.wallet(ctx.characterId));
}

async function act(ctx: CommandContext, action: PokerAction): Promise<void> {
  const step = await playPokerAction(ctx.tx, ctx.characterId, action);
  for (const line of step.messages) ctx.say('poker', line);
  if (step.finished) await countEvents(ctx, [{ type: 'poker-finished', net: settlePoker(step.state).net }]);
  ctx.invalidate(queryKeys.casino(ctx.characterId));
}

/** Spec 02 §9 "Commands": buy, cash out, and poker (p), check (c), bet, raise, fold (f). */
export function casinoCommands(): CommandDef[] {
  return [
    {
      name: 'buy',
      usage: '/buy [amount]',
      help: 'Buys casino chips: 1 copper each, in multiples of 100.',
      group: 'Casino',
      async run(ctx, [arg]) {
        const amount = parseAmount(arg);
        if (Number.isNaN(amount)) return ctx.say('system', BUY_USAGE);
        const { message } = await buyChipsFor(ctx.tx, ctx.userId, ctx.characterId, amount);
        ctx.say('success', message);
        await countEvents(ctx, [{ type: 'chips-bought', chips: amount }]);
        walletChanged(ctx);
      },
    },
    {
      name: 'cashout',
      aliases: ['co'],
      usage: '/cashout [amount|all]',
      help: 'Cashes out casino chips for copper, less a 5% fee.',
      args: [['all']],
      group: 'Casino',
      async run(ctx, [arg]) {
        let amount = parseAmount(arg);
        if (arg?.toLowerCase() === 'all') amount = found(await getCharacterForUpdate(ctx.tx, ctx.userId, ctx.characterId)).character.casinoChips;
        if (Number.isNaN(amount)) return ctx.say('system', CASH_OUT_USAGE);
        const { message } = await cashOutChipsFor(ctx.tx, ctx.userId, ctx.characterId, amount);
        ctx.say('success', message);
        walletChanged(ctx);
      },
    },
    {
      name: 'poker',
      aliases: ['p'],
      usage: '/poker',
      help: "Starts a Texas Hold'em hand against AI Bot with all your chips.",
      group: 'Casino',
      pace: 'pokerHands',
      async run(ctx) {
        const { character } = found(await getCharacterForUpdate(ctx.tx, ctx.userId, ctx.characterId));
        const step = await startPokerGame(ctx.tx, ctx.characterId, character.name, character.casinoChips);
        for (const line of step.messages) ctx.say('poker', line);
        walletChanged(ctx);
      },
    },
    {
      name: 'check',
      aliases: ['c'],
      usage: '/check',
      help: 'Checks when no bet is outstanding.',
      group: 'Casino',
      run: (ctx) => act(ctx, { type: 'check' }),
    },
    {
      name: 'bet',
      usage: '/bet [amount]',
      help: 'Brings your bet this round to the amount (the current bet calls).',
      group: 'Casino',
      run: (ctx, [arg]) => act(ctx, { type: 'bet', amount: parseAmount(arg) }),
    },
    {
      name: 'raise',
      usage: '/raise [amount]',
      help: 'Raises the current bet by the amount.',
      group: 'Casino',
      run: (ctx, [arg]) => act(ctx, { type: 'raise', amount: parseAmount(arg) }),
    },
    {
      name: 'fold',
      aliases: ['f'],
      usage: '/fold',
      help: 'Gives up the hand; AI Bot takes the pot.',
      group: 'Casino',
      run: (ctx) => act(ctx, { type: 'fold' }),
    },
  ];
}
