import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true: every file and folder docs/architecture.md cites exists and every name it
 * quotes in backticks is still in the code; every page is at most 200 lines; every file, page and
 * section a page or the code points to exists. A rename that forgets the docs fails here.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const architecture = read('docs/architecture.md');
const performance = read('docs/performance.md');

/** architecture.md without its fenced blocks (a fence's backticks would pair with the prose's). */
const prose = architecture.replace(/```[\s\S]*?```/g, '');

/** Where a short path in architecture.md may be rooted: the repository, then each workspace's sources. */
const BASES = ['', 'apps/server/src', 'apps/server', 'apps/web/src', 'apps/web', 'packages/contract/src', 'packages/game/src', 'docs'];
/** Names that look like a path but are not (a package import). */
const isPackage = (token: string) => token.startsWith('@');
/** A relative path: no placeholder (`<domain>`), no URL or API path; a folder written `x/`, or a file with its extension. */
const PATH = /^(?!\/)[\w.-]+(\/[\w.-]+)*\/?$/;
const looksLikePath = (token: string) =>
  PATH.test(token) && !isPackage(token) && (token.endsWith('/') || /\.(ts|tsx|mjs|js|json|md|sql|html|css)$/.test(token));

function exists(cited: string, near: string[]): boolean {
  return [...near, ...BASES].some((base) => existsSync(path.join(root, base, cited)));
}

/**
 * The block under "Where things live": a path column (a top folder, or a path under it indented by
 * two spaces), then what it holds, which may name files of that folder (continued on lines indented
 * further).
 */
function treeCitations(): { cited: string; line: string; near: string[] }[] {
  const block = /## Where things live\s+```\n([\s\S]*?)```/.exec(architecture)?.[1];
  expect(block, 'architecture.md keeps its "Where things live" tree block').toBeDefined();
  const out: { cited: string; line: string; near: string[] }[] = [];
  let top = '';
  let folder = '';
  for (const line of block!.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.search(/\S/);
    let described = line.trim();
    if (indent <= 2) {
      const [column = '', ...rest] = line.trim().split(/\s{2,}/);
      described = rest.join(' ');
      const tokens = column.split(/[\s,]+/).filter(Boolean);
      const first = tokens[0] ?? '';
      const under = (token: string) => (indent === 0 ? token : path.join(top, token));
      if (indent === 0) top = first;
      folder = first.endsWith('/') ? under(first) : path.dirname(under(first));
      for (const token of tokens) if (!token.includes('<') && looksLikePath(token)) out.push({ cited: under(token), line: line.trim(), near: [] });
    }
    for (const token of described.split(/[\s,()`;]+/)) {
      const clean = token.replace(/[.:]$/, '');
      if (!clean.includes('<') && looksLikePath(clean)) out.push({ cited: clean, line: line.trim(), near: [folder, top] });
    }
  }
  return out;
}

/** Every backticked token of the prose (outside the tree block) that is a path. */
function proseCitations(): string[] {
  const cited = new Set<string>();
  for (const [, quoted] of prose.matchAll(/`([^`]+)`/g)) {
    for (const token of quoted!.split(/\s+/)) {
      const clean = token.replace(/[.,;:]$/, '');
      if (!clean.includes('<') && looksLikePath(clean)) cited.add(clean);
    }
  }
  return [...cited];
}

/** Source files of the code base (not dependencies or builds). */
function sourceFiles(dir = root, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (['node_modules', '.git', 'dist', 'test-results', 'playwright-report', 'data'].includes(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mjs|js|md|html|json)$/.test(name) && name !== 'package-lock.json') out.push(full);
  }
  return out;
}

describe('docs/architecture.md (issue 26: the guardrails cannot drift)', () => {
  it('cites only files and folders that exist (the tree block and the backticked paths)', () => {
    const missing = [
      ...treeCitations()
        .filter(({ cited, near }) => !exists(cited, near))
        .map(({ cited, line }) => `architecture.md cites ${cited}, which does not exist (tree line: "${line}")`),
      ...proseCitations()
        .filter((cited) => !exists(cited, []))
        .map((cited) => `architecture.md cites \`${cited}\`, which does not exist`),
    ];
    expect(missing).toEqual([]);
  });

  it('names only functions, types and components the code still has', () => {
    const code = sourceFiles()
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // A backticked identifier in camelCase or PascalCase (`runConsoleLine`, `RuleError`), or the name called in `x(...)`.
    const names = new Set<string>();
    for (const [, quoted] of prose.matchAll(/`([^`]+)`/g)) {
      const name = /^([A-Za-z_$][\w$]*)(\(.*\))?$/.exec(quoted!.trim())?.[1];
      if (name && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(name)) names.add(name);
    }
    const gone = [...names]
      .filter((name) => !new RegExp(`\\b${name.replace('$', '\\$')}\\b`).test(code))
      .map((name) => `architecture.md names \`${name}\`, which no source file has`);
    expect(names.size).toBeGreaterThan(10);
    expect(gone).toEqual([]);
  });
});

describe("docs/architecture.md's accounts of pushes and reads", () => {
  const serverFiles = sourceFiles(path.join(root, 'apps/server/src')).filter((file) => file.endsWith('.ts'));
  const pushSection = /## A push, end to end([\s\S]*?)\n## /.exec(architecture)?.[1] ?? '';

  it('says the pusher is the only way to push, and no file outside realtime/ calls the hub to push', () => {
    expect(pushSection, 'architecture.md keeps its "A push, end to end" section').not.toBe('');
    expect(pushSection).toContain('the only way to push');
    const direct = serverFiles
      .filter(
        (file) =>
          !file.includes(`${path.sep}realtime${path.sep}`) &&
          /\bhub\.(broadcast|toUser|endSession|revalidateUser|blocksChanged)\(/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => `${path.relative(path.join(root, 'apps/server/src'), file)} pushes through the hub directly, not through the pusher (realtime/notify.ts)`);
    expect(direct).toEqual([]);
  });

  it('names every read whose JSON text the database builds (the *Json queries)', () => {
    const unnamed = serverFiles
      .filter((file) => file.includes(`${path.sep}db${path.sep}queries${path.sep}`))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export async function (\w+Json)\(/g)].map((m) => ({ file, name: m[1]! })))
      .filter(({ name }) => !prose.includes(`\`${name}\``))
      .map(({ file, name }) => `${path.relative(root, file)} exports ${name}, and architecture.md's "A read, end to end" does not name it`);
    expect(unnamed).toEqual([]);
  });
});

describe("docs/performance.md: the code's pointers to it", () => {
  const headings = new Set([...performance.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim()));

  it('has every section the code base points to (docs/performance.md, "Heading")', () => {
    const pointers: string[] = [];
    const broken: string[] = [];
    for (const file of sourceFiles().filter((f) => f !== import.meta.filename)) {
      const text = readFileSync(file, 'utf8');
      // The pointer and its section may wrap onto the next line of a comment.
      for (const m of text.matchAll(/docs\/performance\.md[,:]\s*(?:(?:\*|\/\/|#)\s*)?"([^"]+)"/g)) {
        const section = m[1]!.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ');
        pointers.push(section);
        if (!headings.has(section)) broken.push(`${path.relative(root, file)} points to docs/performance.md, "${section}", which is not a heading there`);
      }
      // A section named without its quotes (`docs/performance.md, the chat`) cannot be checked: quote the heading.
      for (const m of text.matchAll(/docs\/performance\.md[,:] +(?!")([^\n)]*)/g))
        broken.push(`${path.relative(root, file)} points to docs/performance.md, ${m[1]}: write the section as "Heading"`);
    }
    expect(pointers.length).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});

/** Every markdown page: README.md and docs/ (every folder below it). */
function markdownPages(dir = path.join(root, 'docs'), out: string[] = ['README.md']): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) markdownPages(full, out);
    else if (name.endsWith('.md')) out.push(path.relative(root, full));
  }
  return out;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** A page's headings (outside fenced blocks), and their anchors with GitHub's -1, -2 for repeats. */
function sectionsOf(file: string): { headings: Set<string>; anchors: Set<string> } {
  const text = read(file).replace(/```[\s\S]*?```/g, '');
  const headings = new Set<string>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const title = heading!.trim();
    headings.add(title);
    let anchor = slug(title.replace(/`/g, ''));
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug(title.replace(/`/g, ''))}-${n}`;
    anchors.add(anchor);
  }
  return { headings, anchors };
}

/** Where a page's pointer to another page is rooted: `docs/x.md` from the repository, `x.md` beside the page (or in docs/). */
function resolvePage(page: string, target: string): string | undefined {
  const candidates = target.startsWith('docs/') || target === 'README.md' ? [target] : [path.join(path.dirname(page), target), path.join('docs', target)];
  return candidates.map((c) => path.normalize(c)).find((c) => existsSync(path.join(root, c)));
}

/** The repository's top entries a page's path may start with (`apps/server/src/app.ts`, `deploy/`). */
const TOP = /(?<![\w./@-])((?:apps|packages|scripts|docs|e2e|deploy|eslint|\.ci)\/[\w./-]*)/g;

describe('every page of docs/ and the README (issue 47: references a newcomer reads in minutes)', () => {
  const pages = markdownPages();

  it('finds the pages', () => {
    expect(pages).toContain('docs/architecture.md');
    expect(pages).toContain('docs/operations.md');
    expect(pages.length).toBeGreaterThan(8);
  });

  it('keeps each page at most 200 lines', () => {
    const long = pages
      .map((page) => ({ page, lines: read(page).trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 200)
      .map(({ page, lines }) => `${page} has ${lines} lines (at most 200: split it)`);
    expect(long).toEqual([]);
  });

  it('names only repository files and folders that exist', () => {
    const missing: string[] = [];
    for (const page of pages) {
      // Fenced blocks hold commands and examples (a file a host makes, deploy/.env); architecture's tree is checked above.
      const text = read(page).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(TOP)) {
        // A placeholder (docs/simulate-<db>.md) names no one file.
        if (/[<*]/.test(text[m.index + m[0].length] ?? '')) continue;
        const clean = m[1]!.replace(/[.,:;]+$/, '');
        // A build's output (apps/web/dist/) exists only once built.
        if (clean.split('/').includes('dist')) continue;
        if (!existsSync(path.join(root, clean))) missing.push(`${page} names ${clean}, which does not exist`);
      }
      // A backticked file named short (`realtime/bus.ts`, `lint-no-patching.test.ts`): rooted where architecture.md's may be, or in the server's tests.
      for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
        const clean = quoted!.replace(/[.,;:]$/, '');
        if (clean.includes('<') || /^[A-Z_]+\//.test(clean) || !looksLikePath(clean) || clean.endsWith('/') || clean.split('/').includes('dist')) continue;
        if (!exists(clean, [path.dirname(page), 'apps/server/test'])) missing.push(`${page} names \`${clean}\`, which does not exist`);
      }
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        if (!existsSync(path.join(root, path.dirname(page), target!))) missing.push(`${page} links to ${target}, which does not exist`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('points only to sections that exist (a link page.md#anchor, or page.md, "Heading")', () => {
    const broken: string[] = [];
    let pointers = 0;
    for (const page of pages) {
      const text = read(page).replace(/```[\s\S]*?```/g, '');
      for (const [, target, anchor] of text.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const file = target ? path.normalize(path.join(path.dirname(page), target)) : page;
        if (!existsSync(path.join(root, file)) || !sectionsOf(file).anchors.has(anchor!))
          broken.push(`${page} links to ${target}#${anchor}, which is not an anchor there`);
      }
      for (const [, target, section] of text.matchAll(/((?:docs\/)?[\w/-]+\.md)(?:\]\([^)\s]*\))?[,:]?\s*\(?"([^"]+)"/g)) {
        const file = resolvePage(page, target!);
        const heading = section!.replace(/\s+/g, ' ');
        pointers++;
        if (!file) broken.push(`${page} points to ${target}, which does not exist`);
        else if (!sectionsOf(file).headings.has(heading)) broken.push(`${page} points to ${target}, "${heading}", which is not a heading there`);
      }
    }
    expect(broken).toEqual([]);
    expect(pointers, 'the pages point to sections (the pattern still matches)').toBeGreaterThan(2);
  });

  it('has every page and section the code base points to (docs/x.md, "Heading")', () => {
    const broken: string[] = [];
    let pointers = 0;
    for (const file of sourceFiles().filter((f) => f !== import.meta.filename && !f.endsWith('.md'))) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      for (const [, target] of text.matchAll(/\bdocs\/([\w/-]+\.md)/g))
        if (!existsSync(path.join(root, 'docs', target!))) broken.push(`${where} names docs/${target}, which does not exist`);
      // The pointer and its section may wrap onto the next line of a comment.
      for (const m of text.matchAll(/\bdocs\/([\w/-]+\.md)[,:]?\s*(?:(?:\*|\/\/|#)\s*)?\(?"([^"]+)"/g)) {
        const page = `docs/${m[1]}`;
        const section = m[2]!.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ');
        pointers++;
        if (existsSync(path.join(root, page)) && !sectionsOf(page).headings.has(section))
          broken.push(`${where} points to ${page}, "${section}", which is not a heading there`);
      }
    }
    expect(pointers).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });
});
