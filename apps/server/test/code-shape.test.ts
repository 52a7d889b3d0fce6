import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Source lines stay readable (issue 47): Prettier wraps code at 160 characters but never breaks a
 * string, a template literal, a comment or a SQL template, so a long one is split by hand (a
 * concatenation of the same value, SQL across lines). This fails on any tracked source line over
 * 200 characters and lists each as file:line.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const LIMIT = 200;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|mts|cts|jsx)$/;

/** Files allowed longer lines, each with the reason. Nothing else belongs here. */
const EXCEPTIONS = new Map<string, string>();

/** `file:line (length)` of each line over the limit, in the files given, except the exceptions. */
function longLines(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => SOURCE.test(file) && !EXCEPTIONS.has(file))
    .flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (line.length > LIMIT ? [`${file}:${i + 1} (${line.length} characters)`] : [])),
    );
}

const tracked = () => execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

describe(`source lines are at most ${LIMIT} characters`, () => {
  it('reports a line over the limit with its file and line, and leaves a line at the limit alone', () => {
    const files: Record<string, string> = {
      'apps/web/src/probe.tsx': `const a = 1;\n${'x'.repeat(LIMIT)}\n${'y'.repeat(LIMIT + 1)}\n`,
      'notes/probe.txt': 'z'.repeat(LIMIT + 1),
    };
    expect(longLines(Object.keys(files), (file) => files[file]!)).toEqual([`apps/web/src/probe.tsx:3 (${LIMIT + 1} characters)`]);
  });

  it('holds for every tracked source file', () => {
    const files = tracked();
    expect(files.filter((file) => SOURCE.test(file)).length).toBeGreaterThan(100);
    for (const exception of EXCEPTIONS.keys()) expect(files, `the exception ${exception} is still a tracked file`).toContain(exception);
    const found = longLines(files, (file) => readFileSync(path.join(root, file), 'utf8'));
    expect(found, `lines over ${LIMIT} characters (split the literal or the SQL; Prettier does not):\n${found.join('\n')}`).toEqual([]);
  });
});
