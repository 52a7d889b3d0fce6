// What the bench scripts share: a free port, a process's resident memory, a pause.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (NaN once it has gone). */
export function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS'));
    return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
