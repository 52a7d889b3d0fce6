import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/** AuthenticationOk, then ReadyForQuery (idle): what a server answers a trusted startup with. */
const STARTUP_ANSWER = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
const TERMINATE = 0x58;

/**
 * A socket for node-postgres whose other end is the embedded PGlite: what the driver writes in
 * one turn of the event loop goes to PostgreSQL's protocol loop in one call into the WebAssembly,
 * and the answer's bytes come back as if read from the network. So the embedded database runs the
 * same driver as PostgreSQL: named statements parsed and planned once, a transaction's `begin`
 * with its first statement, and a query's parse, bind, describe, execute and sync in one call,
 * where PGlite's own `query` makes six and parses and plans every time (docs/performance.md, "The
 * database driver").
 *
 * The startup is answered here (PGlite's session is already started, and is cleared for the new
 * connection), and the terminate message that ends a connection is not passed on: the PGlite
 * instance belongs to the caller.
 */
export class EmbeddedSocket extends Duplex {
  readonly #pglite: PGlite;
  #pending: Buffer[] = [];
  #started = false;
  #inTransaction = false;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as they are made.
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.#take(chunk);
    callback();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#take(chunk);
    callback();
  }

  #take(chunk: Buffer): void {
    if (!this.#started) {
      // The first message is the startup packet. node-postgres' pool replaces a connection whose
      // statement failed outside a transaction, and the new one meets the same PGlite session:
      // what the old one left in it (its named statements, which the new connection would parse
      // again, "prepared statement already exists"; a transaction it left open) is cleared first.
      this.#started = true;
      this.#pglite.exec('rollback; deallocate all').then(
        () => this.push(STARTUP_ANSWER),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    if (chunk[0] === TERMINATE) return;
    // A statement outside a transaction, or a transaction's begin, waits for the event loop's next
    // turn: run from the last one's answer (a microtask), a chain of statements and transactions held
    // the loop for 120-150 ms at 1,000 simulated players, and every request, push and timer waited
    // behind it. Inside a transaction the statements run back to back: waiting a turn each, the one
    // connection was held for as many turns as the transaction had statements (a friend accepted,
    // ~20), and every other statement queued behind it (PGlite at 2,000 players: 174 -> 101-109 ms,
    // docs/simulate.md). A transaction now runs in one turn (its statements' few milliseconds), unless
    // its own code awaits something else.
    if (this.#pending.length === 0) (this.#inTransaction ? queueMicrotask : setImmediate)(() => this.#flush());
    this.#pending.push(chunk);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.push(null);
    callback();
  }

  #flush(): void {
    const message = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    this.#pending = [];
    // The raw stream: PGlite's other calls also parse every answer into a list of messages
    // that the direct call never clears (node-postgres parses them already).
    const answer: Buffer[] = [];
    const onRawData = (bytes: Uint8Array) => {
      answer.push(Buffer.from(bytes));
    };
    // Runs at once (with no file-system sync to wait for, nothing in it is asynchronous).
    this.#pglite.execProtocolRawStream(message, { syncToFs: false, onRawData }).then(
      () => {
        if (answer.length === 0) return;
        const bytes = answer.length === 1 ? answer[0]! : Buffer.concat(answer);
        // The answer ends with ReadyForQuery ('Z', length 5, status): 'T' or 'E' inside a transaction.
        const status = bytes.length >= 6 && bytes[bytes.length - 6] === 0x5a ? bytes[bytes.length - 1] : undefined;
        if (status !== undefined) this.#inTransaction = status !== 0x49;
        this.push(bytes);
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
