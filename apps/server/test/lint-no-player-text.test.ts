import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the rule is plain JavaScript (eslint/no-player-text.js), typed by ESLint's Rule shape here.
import noPlayerText from '../../../eslint/no-player-text.js';

/**
 * Issue 47: a text a player reads lives in @rpg/game (or @rpg/contract for what the web alone
 * shows). The lint rule reports each way the server's code spelled one itself (every probe below
 * is a line the server had before the texts moved), and leaves alone what no player reads.
 */
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser, sourceType: 'module' as const },
    plugins: { texts: noPlayerText as { rules: Record<string, unknown> } },
    rules: { 'texts/no-player-text': 'error' as const },
  },
] as Linter.Config[];
const DECLARATIONS =
  'declare const reply: any, ctx: any, log: any, request: any,' +
  ' message: string, name: string, key: string, quantity: number, collected: boolean,' +
  ' lines: string[], usernameOf: () => string | undefined, sql: any, TEXT: string;\n';
const reported = (code: string) => linter.verify(DECLARATIONS + code, config, 'probe.ts').map((m) => `${m.column}:${m.message}`);
const where = (code: string) => reported(code).map((m) => m.replace(/^\d+:A player's text in (.*?): move it.*$/, '$1'));

describe('lint: a player text outside its home', () => {
  it.each([
    ["throw new HttpError(400, 'invalid_time_zone', 'Unknown time zone.');", "a HttpError's text"],
    ["throw new HttpError(429, 'rate_limited', message, 'Slow Down', 5);", "a HttpError's text"],
    ["return new HttpError(429, 'rate_limited', `Too many requests. Please wait ${key} seconds and try again.`, message);", "a HttpError's text"],
    ["throw new RuleError('gift_sent', 'Gift Sent');", "a RuleError's text"],
    ["reply.status(404).send({ error: 'not_found', message: 'Not found' });", "the 'message' of an answer"],
    ["reply.send({ error: 'The request body must be a JSON object.' });", "an answer's 'error'"],
    ["const toast = { title: 'Skill Unlocked', description: message, variant: 'success' };", "the 'title' of an answer"],
    ["const t = { title: collected ? 'Crafting Complete' : 'Backpack Full', body: message };", "the 'title' of an answer"],
    ["throw notFound('Profile not found');", 'an argument of notFound()'],
    ['throw invalidInput(`${key}: is nested too deeply`);', 'an argument of invalidInput()'],
    ["const answer = toast('Item Sold', message);", 'an argument of toast()'],
    ["ctx.say('system', 'A hollow voice says \"Fool.\"');", 'an argument of say()'],
    ["const soldMessage = `You sold ${quantity > 1 ? `${quantity} x ` : ''}${name}.`;", "'soldMessage'"],
    ['const receivedMessage = `${name} sent you a gift.`;', "'receivedMessage'"],
    ["const toName = usernameOf() ?? 'your friend';", "'toName'"],
    ["const MESSAGES: Record<string, string> = { INVALID_EMAIL: 'Please enter a valid email address' };", "'MESSAGES'"],
    ["const DELETE_REFUSAL = 'Deleting your character is not supported via command.';", "'DELETE_REFUSAL'"],
    ["let text = '';\ntext = 'Unrecognized field';", "'text'"],
    ["lines.splice(1, 0, `${name}'s backpack is full: had to be left behind.`);", "a line of 'lines'"],
  ])('reports %s', (code, expected) => {
    expect(where(code)).toContain(expected);
  });

  // Issue 47: the lines commands/ and mail/ spelled before their texts moved to @rpg/game.
  it.each([
    ['const SPELL_USAGE = `Usage: /spell [name] - Available spells: ${name}`;', "'SPELL_USAGE'"],
    ["const HELP_HEADING = 'Available commands:';", "'HELP_HEADING'"],
    ["const PLAIN_TEXT_NOTE = 'Anything else you type is said in your console.';", "'PLAIN_TEXT_NOTE'"],
    ['const unknownCommandMessage = (name: string) => `Unknown command: ${name}. Type /help for available commands.`;', "what 'unknownCommandMessage' returns"],
    ["function statusLines(): string[] {\n  return [`Chips: ${quantity}`, 'Adventure: none'];\n}", "what 'statusLines' returns"],
    ["const table = { helpText: () => 'Available commands:' };", "what 'helpText' returns"],
    ["const text = ['Welcome to RPG Adventure!', '', key].join('\\n');", "'text'"],
    ['const html = `<h1 style="color:#e0b04a">Welcome to RPG Adventure!</h1>`;', "'html'"],
    ["const mail = { to: key, subject: 'Verify your RPG Adventure account' };", "the 'subject' of an answer"],
  ])('reports %s', (code, expected) => {
    expect(where(code)).toContain(expected);
  });

  it('reports each text of an array a text function returns', () => {
    expect(where("function statusLines(): string[] {\n  return [`Chips: ${quantity}`, 'Adventure: none'];\n}")).toEqual([
      "what 'statusLines' returns",
      "what 'statusLines' returns",
    ]);
  });

  it('reports every text of a line, and each only once', () => {
    expect(where("reply.send({ error: 'rate_limited', message: 'Too many requests.', title: 'Slow Down' });")).toEqual([
      "the 'message' of an answer",
      "the 'title' of an answer",
    ]);
    expect(where("const t = { title: collected ? 'Crafting Complete' : 'Backpack Full' };")).toHaveLength(2);
  });

  it('leaves alone what no player reads: codes, imported texts, bugs, logs, SQL, keys, help texts', () => {
    const code = [
      "throw new HttpError(404, 'not_found', TEXT);",
      "reply.status(404).send({ error: 'not_found', message: TEXT });",
      "throw new Error('the rule accepted a listing without an entry');",
      'throw new Error(`listing ${key} ended twice under its lock`);',
      "log.error({ err: message }, 'settling a craft failed');",
      "request.log.warn('web app not built: run npm run build');",
      "const rows = sql`select 'a b' as words`;",
      'const counter = `player:${key}:${name}`;',
      "const line = { kind: 'error', content: message };",
      "const gauge = { name: 'http_requests', help: 'Time to answer an HTTP request, by route pattern' };",
      "const command = { name: 'help', usage: '/help', help: 'List every command.' };",
      'const filename = `rpg-adventure-data-${key}.json`;',
      "const toastOf = (title: string) => ({ title, variant: 'success' });",
      // The console's command table: each command's usage, help and group are its help data (STYLE.md).
      "const def = { name: 'again', usage: '/again', help: 'Sets out once more on your last adventure.', group: 'Adventure' };",
      // A mail's layout around the rules' words: markup and styles, no words of its own.
      'const html = `<div style="font-family:Georgia,serif;padding:24px">\\n<h1 style="color:#e0b04a">${name}</h1>\\n<p>${message}</p>\\n</div>`;',
      // A function named for a text that returns no words, or that throws a bug.
      'const codeText = () => `${key}-${quantity}`;',
      "function rollLine(): string {\n  throw new Error('a roll without dice');\n}",
      // The README's command table is the maintainers' page, not a player's text.
      "const readmeTable = () => ['| Group | Command | What it does |', '|---|---|---|'].join('\\n');",
      'export { rows, counter, line, gauge, command, filename, toastOf, def, html, codeText, rollLine, readmeTable };',
    ].join('\n');
    expect(reported(code)).toEqual([]);
  });

  it("is on for the server's code outside db/ and ops/ in eslint.config.js, commands/ and mail/ included", async () => {
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });
    const probe =
      "export const refusal = () => new HttpError(400, 'x', 'A sentence a player reads.');\ndeclare class HttpError { constructor(...args: unknown[]); }\n";
    const ruleIds = async (file: string) => (await eslint.lintText(probe, { filePath: file }))[0]!.messages.map((m) => m.ruleId);
    for (const file of [
      'apps/server/src/http/probe.ts',
      'apps/server/src/services/probe.ts',
      'apps/server/src/routes/probe.ts',
      'apps/server/src/app-probe.ts',
      'apps/server/src/commands/probe.ts',
      'apps/server/src/mail/probe.ts',
    ]) {
      expect(await ruleIds(file), file).toContain('texts/no-player-text');
    }
    for (const file of ['apps/server/src/db/queries/probe.ts', 'apps/server/src/ops/probe.ts']) {
      expect(await ruleIds(file), file).not.toContain('texts/no-player-text');
    }
  }, 60_000);
});
