import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { ReadChange } from '../services/read-caches.ts';

/**
 * Issue 46, point 10: the running server's control channel. While the server runs on the
 * embedded database, that database is its process's alone (another process opening its files
 * would damage them), so `npm run admin` and `npm run backup` ask the server to do the work: over
 * a Unix socket under DATA_DIR (`control/admin.sock`, the folder mode 0700 and the socket 0600:
 * only the account that runs the server can open it). With the server stopped, or on PostgreSQL,
 * the command line opens the database and runs the same command itself (ops-cli.ts).
 *
 * The wire: the client writes one JSON line `{ "command": NAME, "args": [...] }`; the server
 * answers one JSON line `{ "ok": true, "message": TEXT, "bytes": N }` followed by N bytes of data
 * (a backup's database), or `{ "ok": false, "message": TEXT }`, and closes.
 */

/** What a command runs with: the database, wherever it runs (the server's own, or one the command line opened). */
export interface OpsContext {
  database: Database;
  /** True in the running server (asked over the socket), false when the command line opened the database. */
  inServer: boolean;
  /** The server's DATA_DIR (uploads live there). */
  dataDir: string;
  /** In the running server: ends a player's cached sessions and closes their tabs at once. */
  revokeSessions?: (userId: string) => void;
  /** In the running server: the shared reads a write changed are dropped in every process (services/read-caches.ts). */
  readsChanged?: (change: ReadChange) => void;
}

export interface OpsAnswer {
  message: string;
  /** Bytes for the command line (a backup's database dump). */
  data?: Uint8Array;
}

/**
 * A command of `npm run admin` (or an internal one of another command line: no `usage`). One entry
 * in OPS_COMMANDS (ops/commands.ts) serves both ways: asked of the running server, or run by the
 * command line with the server stopped or on PostgreSQL. A refusal for the operator is an OpsError.
 */
export interface OpsCommand {
  /** The line `npm run admin` prints for it; none: not an `npm run admin` command (a backup's dump). */
  usage?: string;
  run(ctx: OpsContext, args: string[]): Promise<OpsAnswer>;
}

/** A refusal the operator reads (an unknown address, a bad role, no database). */
export class OpsError extends Error {}

export const CONTROL_DIR = 'control';
export const CONTROL_SOCKET = 'admin.sock';
export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_DIR, CONTROL_SOCKET);

/** A request line is at most this long (the arguments are an e-mail and a role). */
const MAX_REQUEST_BYTES = 16 * 1024;

interface Request {
  command: string;
  args: string[];
}

function parseRequest(line: string): Request | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { command, args } = value as { command?: unknown; args?: unknown };
    if (typeof command !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) return undefined;
    return { command, args: args as string[] };
  } catch {
    return undefined;
  }
}

function answer(socket: Socket, result: { ok: true; answer: OpsAnswer } | { ok: false; message: string }): void {
  if (!result.ok) {
    socket.end(`${JSON.stringify({ ok: false, message: result.message })}\n`);
    return;
  }
  const data = result.answer.data ?? new Uint8Array();
  socket.write(`${JSON.stringify({ ok: true, message: result.answer.message, bytes: data.byteLength })}\n`);
  socket.end(data);
}

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/control/admin.sock (main.ts, on the embedded database). One request per
 * connection, run one at a time (a backup's dump and a grant never interleave). A stale socket
 * left by a crash is replaced. Undefined when the path is too long for a Unix socket (about 100
 * bytes): the command lines then ask for the server to be stopped, as before.
 */
export async function startControlServer(
  dataDir: string,
  commands: Record<string, OpsCommand>,
  ctx: OpsContext,
  log: { info(m: string): void; warn(m: string): void; error(o: object, m?: string): void },
): Promise<ControlServer | undefined> {
  const dir = path.join(dataDir, CONTROL_DIR);
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > 100) {
    log.warn(`control socket path too long (${socketPath}): npm run admin and npm run backup need the server stopped`);
    return undefined;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return answer(socket, { ok: false, message: 'Request too long.' });
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      const request = parseRequest(buffered.slice(0, end));
      const command = request ? Object.hasOwn(commands, request.command) && commands[request.command] : undefined;
      if (!request || !command) return answer(socket, { ok: false, message: `Unknown command${request ? ` '${request.command}'` : ''}.` });
      queue = queue.then(async () => {
        try {
          const result = await command.run(ctx, request.args);
          log.info(`control: ${request.command} done`);
          answer(socket, { ok: true, answer: result });
        } catch (error) {
          if (error instanceof OpsError) return answer(socket, { ok: false, message: error.message });
          log.error({ err: error }, `control: ${request.command} failed`);
          answer(socket, { ok: false, message: `The server could not do it: ${(error as Error).message}` });
        }
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The folder (0700) already keeps everyone else out; the socket itself is the owner's too.
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Whether a server listens on the data folder's control socket. */
export function controlSocketExists(dataDir: string): boolean {
  return existsSync(controlSocketPath(dataDir));
}

/** Asks the running server to run `command` (the command lines): its message and data, or an OpsError with its refusal. */
export function askServer(dataDir: string, command: string, args: string[]): Promise<OpsAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => reject(new OpsError(`Could not reach the running server (${controlSocketPath(dataDir)}): ${error.message}`)));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf(0x0a);
      const head = end < 0 ? undefined : (JSON.parse(all.subarray(0, end).toString('utf8')) as { ok: boolean; message: string; bytes?: number });
      if (!head) return reject(new OpsError('The running server gave no answer.'));
      if (!head.ok) return reject(new OpsError(head.message));
      const data = all.subarray(end + 1);
      if (data.byteLength !== (head.bytes ?? 0))
        return reject(new OpsError(`The running server's answer was cut short (${data.byteLength} of ${head.bytes} bytes).`));
      resolve({ message: head.message, ...(data.byteLength > 0 ? { data: new Uint8Array(data) } : {}) });
    });
  });
}
