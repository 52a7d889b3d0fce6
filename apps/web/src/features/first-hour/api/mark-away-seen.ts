import { awayViewSchema, type AwayView } from '@rpg/contract';
import { apiFetch } from '@/lib/api';

/** POST /api/away/seen { until }: the player saw what settled up to then (the next card counts from it). */
export function markAwaySeen(until: string, keepalive = false): Promise<AwayView> {
  return apiFetch('/api/away/seen', awayViewSchema, { method: 'POST', body: { until }, keepalive });
}
