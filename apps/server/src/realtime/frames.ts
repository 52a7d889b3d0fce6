import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { PushMessage } from './bus.ts';

// The WebSocket wire under the hub (hub.ts): a push's bytes made once, as the whole text frame a
// server sends, and written straight to a tab's socket when ws has nothing of its own queued
// (docs/performance.md, "Realtime and the global chat").

/** One push's bytes, made once however many tabs get it: the JSON, and the whole text frame a server sends. */
export interface Outgoing {
  payload: Buffer;
  frame: Buffer;
}

/** An unmasked, final text frame (RFC 6455 §5.2): what ws would write for this payload, the same for every tab. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

export function outgoing(payload: PushMessage): Outgoing {
  const bytes = Buffer.from(JSON.stringify(payload));
  return { payload: bytes, frame: textFrame(bytes) };
}

interface WsInternals {
  _socket?: Duplex | null;
  _sender?: { _state?: number; _queue?: unknown[] };
}

/**
 * The TCP socket under a ws WebSocket, when ready frames may be written to it directly: no extension
 * was negotiated (permessage-deflate is off). Undefined otherwise, and frames go through ws.send.
 */
export function directSocket(ws: WebSocket): Duplex | undefined {
  if (ws.extensions !== '') return undefined;
  return (ws as unknown as WsInternals)._socket ?? undefined;
}

/** Nothing waits in ws's own send queue (it queues only while compressing), so a direct write keeps the order. */
function senderIdle(ws: WebSocket): boolean {
  const sender = (ws as unknown as WsInternals)._sender;
  return sender?._state === 0 && sender._queue?.length === 0;
}

/** Frames to one tab in one write (`joined`: the same frames already concatenated); through ws when it cannot be direct. */
export function writeFrames(socket: WebSocket, raw: Duplex | undefined, outs: readonly Outgoing[], joined?: Buffer): void {
  if (outs.length === 0 || socket.readyState !== socket.OPEN) return;
  if (!raw || !senderIdle(socket)) {
    for (const out of outs) socket.send(out.payload, { binary: false });
    return;
  }
  if (joined) raw.write(joined);
  else if (outs.length === 1) raw.write(outs[0]!.frame);
  else raw.write(Buffer.concat(outs.map((o) => o.frame)));
}
