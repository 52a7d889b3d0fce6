import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's import zones (eslint.config.js, issue 47): a feature never imports app/, which
 * composes the features; features import the shared components/ and lib/.
 */
const root = path.resolve(import.meta.dirname, '../../..');
// no-cycle follows the whole import graph: off here, where only the zones are asked about.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
const zoneProblems = async (code: string, file: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, file) }))
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);

describe('lint: web features never import app/', () => {
  it.each([
    ["import { routes } from '@/app/router/routes';\nexport { routes };\n", '@/app/router/routes'],
    ["import { RouteError } from '../../../app/router/RouteError';\nexport { RouteError };\n", '../../../app/router/RouteError'],
  ])('reports %s', async (code, source) => {
    expect((await zoneProblems(code, 'apps/web/src/features/landing/components/Probe.ts')).join('\n')).toContain(
      `"${source}" imported in restricted zone. Features never import app/`,
    );
  });

  it("leaves alone a feature's imports of lib/ and components/, and app/'s imports of features", async () => {
    expect(await zoneProblems("import { apiFetch } from '@/lib/api';\nexport { apiFetch };\n", 'apps/web/src/features/landing/components/Probe.ts')).toEqual(
      [],
    );
    expect(
      await zoneProblems(
        "import { WelcomeSplash } from '@/features/landing/components/WelcomeSplash';\nexport { WelcomeSplash };\n",
        'apps/web/src/app/router/Probe.ts',
      ),
    ).toEqual([]);
  });
});
