/**
 * Requests and events between the API process and its gateway process (gateway-fork.ts,
 * gateway-process.ts) over Node's IPC channel (advanced serialization: a Date stays a Date). A
 * request `{ t: 'call', id, op, args }` is answered `{ t: 'reply', id, ok, value | error }`; other
 * messages are the caller's own (`onOther`).
 */
export interface CallMessage {
  t: 'call';
  id: number;
  op: string;
  args: unknown;
}

export interface ReplyMessage {
  t: 'reply';
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

type Send = (message: object) => boolean;

export class Channel {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

  /** `serve` answers the other side's requests (a rejection is answered as an error). */
  constructor(
    private readonly send: Send,
    private readonly serve: (op: string, args: unknown) => Promise<unknown>,
  ) {}

  call<T>(op: string, args?: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (!this.trySend({ t: 'call', id, op, args })) {
        this.waiting.delete(id);
        reject(new Error('the realtime gateway is not connected'));
      }
    });
  }

  /** A message from the other side: true when it was a request or a reply (handled here). */
  receive(message: unknown): boolean {
    const m = message as Partial<CallMessage | ReplyMessage> | null;
    if (m?.t === 'reply') {
      const waiter = this.waiting.get(m.id!);
      this.waiting.delete(m.id!);
      if (m.ok) waiter?.resolve(m.value);
      else waiter?.reject(new Error(m.error));
      return true;
    }
    if (m?.t === 'call') {
      const { id, op, args } = m as CallMessage;
      this.serve(op, args).then(
        (value) => this.trySend({ t: 'reply', id, ok: true, value }),
        (error: unknown) => this.trySend({ t: 'reply', id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
      return true;
    }
    return false;
  }

  /** The other side is gone: what waits for it fails. */
  disconnected(): void {
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the realtime gateway process exited'));
    this.waiting.clear();
  }

  private trySend(message: object): boolean {
    try {
      return this.send(message);
    } catch {
      return false;
    }
  }
}
