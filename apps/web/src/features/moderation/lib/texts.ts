import type { ModerationActionBody } from '@rpg/contract';
import type { ReportKind } from '@rpg/game';

/** What the queue calls each kind of item. */
export const KIND_LABEL: Record<ReportKind, string> = { chat: 'Chat line', post: 'Post', comment: 'Comment', dm: 'Direct message' };

/** The toast after an action. */
export const ACTION_DONE: Record<ModerationActionBody['action'], string> = {
  dismiss: 'Report dismissed',
  delete: 'Removed for everyone',
  mute: 'Player muted',
  suspend: 'Account suspended',
};

/** The lengths a moderator picks from. */
export const MUTE_CHOICES = [
  { label: '15 minutes', minutes: 15 },
  { label: '1 hour', minutes: 60 },
  { label: '1 day', minutes: 24 * 60 },
  { label: '7 days', minutes: 7 * 24 * 60 },
] as const;
export const SUSPENSION_CHOICES = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: 'For good', days: null },
] as const;

/** A moment as the staff read it, in their own time zone. */
export function staffTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The audit log's words for each action. */
export const AUDIT_ACTION: Record<string, string> = {
  dismiss: 'Dismissed a report',
  'dismiss-reporter': 'Dismissed every open report from',
  delete: 'Deleted',
  mute: 'Muted',
  suspend: 'Suspended',
  unmute: 'Lifted a mute',
  unsuspend: 'Lifted a suspension',
  'grant-moderator': 'Made moderator',
  'revoke-moderator': 'Unmade moderator',
};

/** The toast after a reporter's flood is dismissed. */
export const floodDismissed = (count: number, username: string) => `Dismissed ${count} ${count === 1 ? 'report' : 'reports'} from ${username}`;
