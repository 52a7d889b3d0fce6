import type { ConsoleToast } from '@rpg/contract';
import type { Rng } from '@rpg/game';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import type { PushMessage } from '../realtime/bus.ts';

/** How a console line is styled (spec 02 §2 "Messages are styled by kind"). */
export const MESSAGE_KINDS = ['user', 'system', 'roll', 'adventure-start', 'adventure-return', 'poker', 'mana', 'success', 'error'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface OutMessage {
  kind: MessageKind;
  content: string;
  /** Defaults to 'System' (the character's name for 'user' lines). */
  sender?: string;
}

/** A toast the browser shows for this command (spec texts, e.g. 'Not Enough Mana'). */
export type Toast = ConsoleToast;

export interface CommandContext {
  tx: Tx;
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
  /** Query keys every tab of the player refetches after commit. */
  invalidate(...keys: string[][]): void;
  /** Runs once the transaction has committed (e.g. wake the scheduler for a new end time). */
  afterCommit(fn: () => void): void;
}

export interface CommandDef {
  /** The name typed after '/', lower case. */
  name: string;
  aliases?: readonly string[];
  /** '/roll [NdM]' */
  usage: string;
  /** One line for /help. */
  help: string;
  /** Heading under which /help lists it. */
  group: 'General' | 'Adventure' | 'Magic' | 'Items' | 'Casino';
  run(ctx: CommandContext, args: string[]): Promise<void>;
}
