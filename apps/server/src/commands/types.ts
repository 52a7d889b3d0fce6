import type { ConsoleMessageKind, PushMessage, QueryKey, Toast } from '@rpg/contract';
import type { Rng } from '@rpg/game';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import type { PlayerLimit } from '../http/rateLimit.ts';

/** How a console line is styled (spec 02 §2 "Messages are styled by kind"). */
export type MessageKind = ConsoleMessageKind;
/** A toast the browser shows for this command (spec texts, e.g. 'Not Enough Mana'): the contract's one shape. */
export type { Toast };

/** What a command that reads and writes nothing of the game (`pure`) is given: no transaction. */
export interface LineContext {
  userId: string;
  characterId: string;
  characterName: string;
  now: Date;
  /** Seeded per command run; rules never call Math.random. */
  rng: Rng;
  config: Config;
  /** Adds a line to the console answer (stored with the rest). */
  say(kind: MessageKind, content: string, sender?: string): void;
  toast(toast: Toast): void;
  /** Push to the player's tabs once the transaction has committed. */
  push(payload: PushMessage): void;
  /** Query keys (`queryKeys` in @rpg/contract) every tab of the player refetches after commit. */
  invalidate(...keys: QueryKey[]): void;
  /** Runs once the transaction has committed (e.g. wake the scheduler for a new end time). */
  afterCommit(fn: () => void): void;
}

export interface CommandContext extends LineContext {
  tx: Tx;
}

interface CommandInfo {
  /** The name typed after '/', lower case. */
  name: string;
  aliases?: readonly string[];
  /** '/roll [NdM]' */
  usage: string;
  /** One line for /help (and the README's command table). */
  help: string;
  /** What each argument may be, by position (the console's Tab completion); left out when free text. */
  args?: ReadonlyArray<readonly string[]>;
  /** Heading under which /help lists it. */
  group: 'General' | 'Adventure' | 'Magic' | 'Items' | 'Casino';
  /** A secret (docs/maintainers/secrets.md): it runs, but /help, the Commands panel and the README never list it. */
  secret?: boolean;
  /**
   * A per-account pace (a PLAYER_LIMITS entry of http/rateLimit.ts): each run counts against it
   * before the line's transaction, and one over it is refused with 429 (issue 46: poker hands).
   */
  pace?: PlayerLimit;
}

/**
 * A command of the table. A `pure` one (/help, /roll) reads and writes nothing of the game: its
 * line is read and written in a statement each, without the character's lock or a transaction
 * (commands/pipeline.ts, issue 45).
 */
export type CommandDef = CommandInfo &
  ({ pure?: false; run(ctx: CommandContext, args: string[]): Promise<void> } | { pure: true; run(ctx: LineContext, args: string[]): Promise<void> });
