import type { WebSocket } from 'ws';

/** Errors a client causes on its own socket: a frame too large or malformed, a connection reset. */
const CLIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

export function isClientSocketError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('WS_ERR_') || CLIENT_CODES.has(code));
}

export interface SocketLog {
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  info(o: object, m?: string): void;
}

/**
 * An open tab's socket error (gateway.ts), issue 46: an error the client caused (ws's WS_ERR_*
 * codes, a reset) is logged at info, its code and message only: a client cannot fill the error
 * log, nor its stacks. Anything else is a bug of ours: error level, with the stack. The socket is
 * terminated either way (ws has closed it already after a protocol error).
 */
export function logSocketError(log: SocketLog, error: Error, socket: WebSocket): void {
  if (isClientSocketError(error)) log.info({ code: (error as { code?: string }).code, reason: error.message }, 'websocket closed: client error');
  else log.error({ err: error }, 'websocket error');
  socket.terminate();
}
