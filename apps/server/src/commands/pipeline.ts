import { invalidatePush, queryKeys, type ConsoleAnswer, type PushMessage, type QueryKey, type Toast } from '@rpg/contract';
import { createRng, isRuleError, unknownCommandMessage } from '@rpg/game';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import type { TimedState } from '../db/queries/adventures.ts';
import { repeatedRequest, statementClaim } from '../db/idempotency.ts';
import { getCharacterForUpdate, lockCharacterForLine, readCharacterForLine } from '../db/queries/characters.ts';
import { writePlainLines } from '../db/queries/console-line.ts';
import { writeConsoleLines, type ConsoleLine } from '../db/queries/console.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { Pusher } from '../realtime/notify.ts';
import { found } from '../services/characters.ts';
import { secretSeed } from '../services/seed.ts';
import { parseCommandLine, type CommandTable } from './registry.ts';
import type { CommandDef, LineContext } from './types.ts';
import { transaction } from '../db/transaction.ts';

export interface ConsoleLineInput {
  userId: string;
  characterId: string;
  /** The line as typed (trimmed, not empty). */
  text: string;
}

export interface ConsolePipelineDeps {
  db: Db;
  /** Brings the player's time-based state up to date (due adventures settled, mana regenerated). */
  catchUp(userId: string): Promise<unknown>;
  /** Whether the character's time-based state, read with its lock, needs that catch-up first. */
  needsCatchUp(state: TimedState, now: Date): boolean;
  commands: CommandTable;
  config: Config;
  pusher: Pusher;
  log: { error(o: object, m?: string): void };
}

/** What a command run leaves behind for after the commit. */
interface Effects {
  lines: ConsoleLine[];
  toasts: Toast[];
  pushes: PushMessage[];
  keys: QueryKey[];
  afterCommit: Array<() => void>;
}

const noEffects = (): Effects => ({ lines: [], toasts: [], pushes: [], keys: [], afterCommit: [] });

/** The character had time-based state to catch up on: done outside the line's transaction, then the line again. */
class CatchUpFirst extends Error {
  constructor() {
    super('catch up first');
  }
}

/** A command refused by a rule: carries the refusal out of the transaction, which rolls back. */
class Refused extends Error {
  constructor(readonly effects: Effects) {
    super('refused');
  }
}

/**
 * Runs a command in the line's transaction. A refused command (a RuleError) throws `Refused`, so
 * the whole transaction rolls back and nothing the command did stays; the caller then stores the
 * typed line and the refusal in a transaction of their own. A savepoint around every command did
 * the same at the price of two more round trips on every line (docs/performance.md, "The console
 * line"), where a refusal is the rare case. Anything else is a bug and fails the line.
 */
async function runCommand(
  tx: Tx | undefined,
  def: CommandDef,
  args: string[],
  base: Omit<LineContext, 'say' | 'toast' | 'push' | 'invalidate' | 'afterCommit'>,
): Promise<Effects> {
  const done = noEffects();
  try {
    const ctx: LineContext = {
      ...base,
      say: (kind, content, sender) => done.lines.push({ kind, content, ...(sender ? { sender } : {}) }),
      toast: (toast) => done.toasts.push(toast),
      push: (push) => done.pushes.push(push),
      invalidate: (...keys) => done.keys.push(...keys),
      afterCommit: (fn) => done.afterCommit.push(fn),
    };
    if (def.pure) await def.run(ctx, args);
    else if (tx) await def.run({ ...ctx, tx }, args);
    else throw new Error(`/${def.name} runs in the line's transaction`);
    return done;
  } catch (error) {
    if (!isRuleError(error)) throw error;
    const refused = noEffects();
    refused.lines.push({ kind: 'error', content: error.message });
    if (error.title) refused.toasts.push({ title: error.title, description: error.message, variant: 'error' });
    throw new Refused(refused);
  }
}

/**
 * One line typed in the console (spec 02 §2, §5): a /command, or plain text said in the player's
 * own console. In one transaction with the character locked: the typed line, then what the
 * command said, stored through the console line writer. After the commit: the command's
 * after-commit steps, its pushes, and the invalidation of the console and whatever it changed,
 * to every tab of the player. Answers with the stored lines and the toasts for this tab.
 */
export async function runConsoleLine(deps: ConsolePipelineDeps, { userId, characterId, text }: ConsoleLineInput): Promise<ConsoleAnswer> {
  const { db, commands, config, pusher, log } = deps;
  // A paced command (poker hands) counts against the player's window before its transaction.
  const parsed = parseCommandLine(text);
  const pace = parsed ? commands.find(parsed.name)?.pace : undefined;
  if (pace) await throttlePlayer(db, pace, userId, config.rateLimitFactor);
  const typedBy = (name: string): ConsoleLine => ({ kind: 'user', content: text, sender: name });
  const def = parsed ? commands.find(parsed.name) : undefined;
  /**
   * Issue 45 point 3: plain text, an unknown command or a pure one (/help, /roll) reads the
   * character in one statement and writes its lines in another, without a lock or a transaction
   * (nothing of the character changes). With time-based state to catch up on, the full line runs.
   */
  const plain = async (): Promise<{ messages: ConsoleAnswer['messages']; effects: Effects } | undefined> => {
    const now = new Date();
    const read = found(await readCharacterForLine(db, userId, characterId, now));
    if (deps.needsCatchUp(read.state, now)) return undefined;
    let effects = noEffects();
    if (parsed && !def) effects.lines.push({ kind: 'error', content: unknownCommandMessage(`/${parsed.name}`) });
    else if (parsed && def) {
      const base = { userId, characterId, characterName: read.name, now, rng: createRng(secretSeed()), config };
      effects = await runCommand(undefined, def, parsed.args, base).catch((error: unknown) => {
        if (error instanceof Refused) return error.effects;
        throw error;
      });
    }
    const claim = statementClaim();
    const written = await writePlainLines(db, userId, characterId, [typedBy(read.name), ...effects.lines], claim).catch((error: unknown) => {
      claim.settle(false);
      throw error;
    });
    claim.settle(written.messages.length > 0);
    if (written.repeated) throw repeatedRequest(claim);
    return { messages: found(written.messages.length > 0 ? written.messages : undefined), effects };
  };
  /**
   * The line's transaction. Its first statement locks the character and reads its due adventures
   * and mana: when nothing is due (the common case) the line runs at once. Otherwise it rolls back
   * and the catch-up runs first, outside it: settling locks the adventure before the character.
   */
  const attempt = (checkTime: boolean) =>
    transaction(db, async (tx) => {
      const now = new Date();
      const locked = found(await lockCharacterForLine(tx, userId, characterId, now));
      if (checkTime && deps.needsCatchUp(locked.state, now)) throw new CatchUpFirst();
      const name = locked.name;
      const typed = typedBy(name);
      let effects = noEffects();
      if (parsed) {
        if (!def) effects.lines.push({ kind: 'error', content: unknownCommandMessage(`/${parsed.name}`) });
        else {
          const base = { userId, characterId, characterName: name, now, rng: createRng(secretSeed()), config };
          effects = await runCommand(tx, def, parsed.args, base);
        }
      }
      return { messages: await writeConsoleLines(tx, characterId, [typed, ...effects.lines]), effects };
    });
  const isPlain = !pace && (!parsed || !def || def.pure === true);
  const { messages, effects } =
    (isPlain ? await plain() : undefined) ??
    (await attempt(true)
      .catch(async (error: unknown) => {
        if (!(error instanceof CatchUpFirst)) throw error;
        await deps.catchUp(userId);
        return attempt(false);
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof Refused)) throw error;
        // The refused command's transaction rolled back: the typed line and the refusal alone.
        return transaction(db, async (tx) => {
          const character = found(await getCharacterForUpdate(tx, userId, characterId));
          return { messages: await writeConsoleLines(tx, characterId, [typedBy(character.character.name), ...error.effects.lines]), effects: error.effects };
        });
      }));

  for (const fn of effects.afterCommit) {
    try {
      fn();
    } catch (error) {
      log.error({ err: error }, 'after-commit step failed');
    }
  }
  pusher.notify(userId, ...effects.pushes, invalidatePush([queryKeys.console(characterId), ...effects.keys]));
  return { messages, toasts: effects.toasts };
}
