import type { ConsoleMessage } from '@rpg/contract';

/** Lines of one kind from one sender this close together read as one block (one header). */
export const RUN_GAP_MS = 60_000;

/** True when `line` continues `previous`'s block: same kind, same sender, within a minute. */
export function continuesRun(previous: ConsoleMessage | undefined, line: ConsoleMessage): boolean {
  if (!previous || previous.kind !== line.kind || previous.sender !== line.sender) return false;
  const gap = Date.parse(line.createdAt) - Date.parse(previous.createdAt);
  return Number.isFinite(gap) && gap >= 0 && gap < RUN_GAP_MS;
}
