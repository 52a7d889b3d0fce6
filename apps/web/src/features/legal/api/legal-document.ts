// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { legalDocumentSchema, type LegalDocument } from '@rpg/contract';
import { apiFetch } from '@/lib/api';

export type LegalName = 'terms' | 'privacy';

/** GET /api/legal/terms or /privacy (issue 43): the host's text, or the game's plain default. */
export function fetchLegalDocument(name: LegalName, signal?: AbortSignal): Promise<LegalDocument> {
  return apiFetch(`/api/legal/${name}`, legalDocumentSchema, { signal });
}
