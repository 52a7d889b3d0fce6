import type { DbOrTx } from '../db/client.ts';
import { auditDifferences, ledgerRowsBehind, type AuditDifference, type LedgerRow } from '../db/queries/ledger.ts';

/**
 * `npm run audit-economy` (issue 29, docs/architecture.md "The ledger"): every character's copper
 * and chips against its ledger rows, to the copper and the chip, and every item row (backpack,
 * equipment, auction escrow) in exactly one place, holding what the ledger moved into it, where
 * the ledger's last movement put it. Read-only; safe while the game runs (one snapshot).
 */

export interface AuditReport {
  ok: boolean;
  characters: number;
  items: number;
  differences: Array<AuditDifference & { rows: LedgerRow[] }>;
}

export async function auditEconomy(db: DbOrTx): Promise<AuditReport> {
  const { characters, items, differences } = await auditDifferences(db);
  const explained = [];
  for (const difference of differences) explained.push({ ...difference, rows: await ledgerRowsBehind(db, difference) });
  return { ok: differences.length === 0, characters, items, differences: explained };
}

const account = (name: string, character: string | null) => (name === 'character' ? `character:${character}` : name);

function rowLine(row: LedgerRow): string {
  const what = row.asset === 'item' ? `${row.amount} x ${row.itemName}` : `${row.amount} ${row.asset}`;
  const rows = row.asset === 'item' ? ` [${row.fromItemId ?? '-'} -> ${row.toItemId ?? '-'}]` : '';
  return (
    `    #${row.id} ${row.at.toISOString()} ${row.reason}${row.causeId ? ` (${row.causeId})` : ''}` +
    `: ${what} ${account(row.fromAccount, row.fromCharacterId)} -> ${account(row.toAccount, row.toCharacterId)}${rows}`
  );
}

function differenceLine(d: AuditDifference): string {
  if (d.kind !== 'item')
    return `${d.kind} of character ${d.id}${d.name ? ` (${d.name})` : ''}: holds ${d.actual}, the ledger says ${d.ledger} (difference ${d.actual - d.ledger})`;
  return `item row ${d.id}${d.name ? ` (${d.name})` : ''}: holds ${d.actual} at ${d.place ?? 'nowhere'}, the ledger says ${d.ledger} at ${d.ledgerPlace ?? 'nowhere'}`;
}

/** The report as the command prints it. */
export function formatAudit(report: AuditReport): string {
  const head = `Audited ${report.characters} characters and ${report.items} item rows against the ledger.`;
  if (report.ok) return `${head}\nThe economy is whole: no difference.`;
  const lines = [head, `${report.differences.length} difference(s):`];
  for (const d of report.differences) {
    lines.push(`- ${differenceLine(d)}`);
    lines.push(d.rows.length > 0 ? '  ledger rows behind it (oldest first):' : '  no ledger rows at all.');
    lines.push(...d.rows.map(rowLine));
  }
  return lines.join('\n');
}
