import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * The embedded database's template: an empty, migrated PGlite data folder, built once with the
 * server (`scripts/build-server.mjs`) and unpacked on a first start. Creating a database with
 * PGlite's initdb takes ~5 s and grows its WebAssembly memory to ~800 MB; unpacking the template
 * takes a fraction of a second, and the server then opens it as on a restart.
 *
 * The template is only a head start: the migrator still runs after it, so a template older than
 * the code just gets the newer migrations. One the code cannot use (another PGlite version, a
 * migration the code does not have) is ignored, and the database is created as without one.
 */
export const defaultMigrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
export const defaultTemplateFile = path.resolve(import.meta.dirname, '../../dist/pglite-template.tar.gz');

/** What a template holds, written beside it (`<template>.json`). */
export interface TemplateInfo {
  pglite: string;
  /** The migrations applied to it, in order: tag and sha256 of the SQL file. */
  migrations: { tag: string; hash: string }[];
}

export interface TemplatePaths {
  templateFile?: string;
  migrationsFolder?: string;
}

const infoFileOf = (templateFile: string) => templateFile.replace(/\.tar\.gz$/, '') + '.json';

function installedPgliteVersion(): string {
  const require = createRequire(path.join(import.meta.dirname, 'template.ts'));
  const entry = require.resolve('@electric-sql/pglite');
  // dist/index.cjs -> the package folder
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The migrations the code has, in the migrator's order. */
function currentMigrations(migrationsFolder: string): TemplateInfo['migrations'] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map(({ tag }) => ({
    tag,
    hash: createHash('sha256')
      .update(readFileSync(path.join(migrationsFolder, `${tag}.sql`)))
      .digest('hex'),
  }));
}

function currentInfo(migrationsFolder: string): TemplateInfo {
  return { pglite: installedPgliteVersion(), migrations: currentMigrations(migrationsFolder) };
}

function readInfo(templateFile: string): TemplateInfo | undefined {
  try {
    return JSON.parse(readFileSync(infoFileOf(templateFile), 'utf8')) as TemplateInfo;
  } catch {
    return undefined;
  }
}

/**
 * Why the template cannot be used, or undefined when it can: it must exist, come from the
 * installed PGlite, and hold only migrations the code has (the same files, in the same order).
 */
export function templateUnusable({ templateFile = defaultTemplateFile, migrationsFolder = defaultMigrationsFolder }: TemplatePaths = {}): string | undefined {
  if (!existsSync(templateFile)) return `no template at ${templateFile}`;
  const info = readInfo(templateFile);
  if (!info) return `no readable ${infoFileOf(templateFile)}`;
  const current = currentInfo(migrationsFolder);
  if (info.pglite !== current.pglite) return `the template is from PGlite ${info.pglite}, not ${current.pglite}`;
  const foreign = info.migrations.find((m, i) => current.migrations[i]?.tag !== m.tag || current.migrations[i]?.hash !== m.hash);
  if (foreign) return `the template holds migration ${foreign.tag}, which the code does not have as is`;
  return undefined;
}

/** True when the template exists and holds exactly the code's migrations (nothing to rebuild). */
export function templateIsCurrent(paths: TemplatePaths = {}): boolean {
  const templateFile = paths.templateFile ?? defaultTemplateFile;
  const info = readInfo(templateFile);
  return templateUnusable(paths) === undefined && info?.migrations.length === currentMigrations(paths.migrationsFolder ?? defaultMigrationsFolder).length;
}

/**
 * Builds the template: a new in-memory database, the migrations, a gzipped dump of its data
 * folder. Written to temporary files and renamed, so a reader never sees half a file.
 */
export async function writeTemplate({ templateFile = defaultTemplateFile, migrationsFolder = defaultMigrationsFolder }: TemplatePaths = {}): Promise<void> {
  const info = currentInfo(migrationsFolder);
  const client = new PGlite('memory://');
  try {
    await migrate(drizzle(client) as never, { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(path.dirname(templateFile), { recursive: true });
    const tmp = `${templateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(tmp, templateFile);
    writeFileSync(`${tmp}.json`, JSON.stringify(info, null, 2) + '\n');
    renameSync(`${tmp}.json`, infoFileOf(templateFile));
  } finally {
    await client.close();
  }
}

/** The entries of a (ustar) tar archive, as PGlite's `dumpDataDir` writes them. */
function* tarEntries(tar: Uint8Array): Generator<{ name: string; type: 'file' | 'dir'; mode: number; data: Uint8Array }> {
  const text = (from: number, length: number) => {
    const bytes = tar.subarray(from, from + length);
    const end = bytes.indexOf(0);
    return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
  };
  const octal = (from: number, length: number) => parseInt(text(from, length).trim() || '0', 8);
  let at = 0;
  while (at + 512 <= tar.length) {
    const name = text(at, 100);
    if (!name) break; // the two empty blocks that end an archive
    const prefix = text(at + 257, 6).startsWith('ustar') ? text(at + 345, 155) : '';
    const size = octal(at + 124, 12);
    const flag = String.fromCharCode(tar[at + 156] ?? 0);
    const full = prefix ? `${prefix}/${name}` : name;
    const data = tar.subarray(at + 512, at + 512 + size);
    if (flag === '0' || flag === '\0') yield { name: full, type: 'file', mode: octal(at + 100, 8), data };
    else if (flag === '5') yield { name: full, type: 'dir', mode: octal(at + 100, 8), data };
    else throw new Error(`unexpected tar entry type '${flag}' for ${full}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Creates the embedded database under `dataDir` (in `<dataDir>/pglite`, where `openDatabase`
 * looks) from the template. Unpacked beside it and renamed into place, so an interrupted start
 * leaves no half database. Returns why it could not (the caller then creates the database with
 * initdb), or undefined when the database is in place.
 */
export function createFromTemplate(dataDir: string, paths: TemplatePaths = {}): string | undefined {
  const reason = templateUnusable(paths);
  if (reason) return reason;
  const target = path.join(dataDir, 'pglite');
  const staging = path.join(dataDir, `pglite.template-${process.pid}`);
  try {
    const tar = gunzipSync(readFileSync(paths.templateFile ?? defaultTemplateFile));
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    for (const entry of tarEntries(tar)) {
      const parts = entry.name.split('/').filter((p) => p !== '' && p !== '.');
      if (parts.length === 0) continue;
      if (parts.includes('..')) throw new Error(`unsafe path in the template: ${entry.name}`);
      const file = path.join(staging, ...parts);
      if (entry.type === 'dir') mkdirSync(file, { recursive: true, mode: entry.mode & 0o777 });
      else {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, entry.data, { mode: entry.mode & 0o777 });
      }
    }
    if (!existsSync(path.join(staging, 'PG_VERSION'))) throw new Error('the template holds no PG_VERSION');
    // An empty folder left by an earlier attempt is replaced; anything in it is not touched.
    renameSync(staging, target);
    return undefined;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    return `unpacking the template failed: ${(error as Error).message}`;
  }
}
