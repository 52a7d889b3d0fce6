/**
 * Last line of defence: an unobserved rejection or an exception outside any request (a
 * database blip in a background push) is logged and the server keeps serving, instead of
 * Node's default of ending the process. Every known call site catches its own errors;
 * this is for the ones we missed.
 */
export function installProcessGuards(log: { error(obj: object, msg?: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection (the server keeps serving)');
  });
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    log.error({ err: error, origin }, 'uncaught exception');
  });
}
