// Runs in a worker (lib/time-zone.ts): answers the browser's IANA time zone, then is done.
(self as unknown as { postMessage(message: unknown): void }).postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
