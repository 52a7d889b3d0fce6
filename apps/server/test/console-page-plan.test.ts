import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePageQuery } from '../src/db/queries/console.ts';
import { playerWithCharacter } from './support/characters.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 26's bench found the console's history page costing 6 ms of PostgreSQL for a character whose
 * lines were older than 11,000 of other characters': planned for a busy character, the page's ids
 * were read backwards along the primary key, every newer line of the others filtered out. A page
 * reads its character's lines only, however busy the character and however old its lines.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const PAGE = 200;

describe('a console history page (issue 26)', () => {
  it("reads only its character's lines when the character was busy and others wrote since", async () => {
    const [busy, ...others] = await Promise.all(Array.from({ length: 4 }, () => playerWithCharacter(server.url)));
    const db = server.database.db;
    // The busy character's 6,000 lines, then 12,000 newer ones of three others (as the bench writes them).
    const lines = (characterId: string, count: number) =>
      db.execute(
        sql`insert into console_messages (character_id, kind, sender, content) select ${characterId}, 'system', 'System', 'You roll 2d6: 7' from generate_series(1, ${count}::int)`,
      );
    await lines(busy!.character.id, 6_000);
    for (const other of others) await lines(other.character.id, 4_000);
    await db.execute(sql`analyze console_messages`);
    const newest = (
      (await db.execute(sql`select max(id)::int + 1 as newest from console_messages where character_id = ${busy!.character.id}`)).rows[0] as { newest: number }
    ).newest;

    for (const before of [false, true]) {
      const query = consolePageQuery(db, before).toSQL();
      const values = query.params.map((param) => {
        const name = (param as { name?: string }).name;
        return name === 'characterId' ? busy!.character.id : name === 'limit' ? PAGE : name === 'before' ? newest : param;
      });
      const { rows } = await server.database.connections.query(`explain (analyze, format json) ${query.sql}`, values);
      const plan = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
      const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'console_messages');
      expect(
        scans.map((node) => node['Index Name']),
        JSON.stringify(plan),
      ).toContain('console_messages_character_idx');
      // Each scan reads the page's rows, none filtered out.
      for (const scan of scans) {
        expect(scan['Rows Removed by Filter'] ?? 0, JSON.stringify(plan)).toBe(0);
        expect(scan['Actual Rows'], JSON.stringify(plan)).toBeLessThanOrEqual(PAGE);
      }
    }
    // And the route answers the page.
    const { body } = await busy!.client.get<{ messages: unknown[]; hasMore: boolean }>(`/api/characters/${busy!.character.id}/console`);
    expect(body.messages).toHaveLength(PAGE);
    expect(body.hasMore).toBe(true);
  }, 120_000);
});
