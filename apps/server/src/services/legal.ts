import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LegalDocument } from '@rpg/contract';
import { defaultLegalText, LEGAL_TITLES, type LegalName } from '@rpg/game';
import { RETENTION } from '../scheduler/retention.ts';

export type { LegalName };

/** The most a host's file may hold (the page shows it whole). */
const MAX_BYTES = 200_000;

/** The host's file for `name` when there is one (and it reads), else the default. */
export async function legalDocument(legalDir: string, name: LegalName): Promise<LegalDocument> {
  const text = await readFile(path.join(legalDir, `${name}.txt`), 'utf8').catch(() => undefined);
  if (text !== undefined && text.trim() !== '') return { title: LEGAL_TITLES[name], text: text.slice(0, MAX_BYTES).trim(), fromHost: true };
  return { title: LEGAL_TITLES[name], text: defaultLegalText(name, RETENTION), fromHost: false };
}
