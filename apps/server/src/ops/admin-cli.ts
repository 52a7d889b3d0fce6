import { OPS_COMMANDS } from './commands.ts';
import { OpsError } from './control.ts';
import { opsConfig, runOps } from './run.ts';

/**
 * `npm run admin -- COMMAND ARGS...` (package.json): one of OPS_COMMANDS (ops/commands.ts), e.g.
 * `grant EMAIL admin|moderator|player` or `delete EMAIL`. Works while the server runs (it asks the server) and with
 * it stopped (ops/run.ts).
 */
const usage = () =>
  `Usage:\n${Object.values(OPS_COMMANDS)
    .flatMap((c) => (c.usage ? [`  npm run admin -- ${c.usage}`] : []))
    .join('\n')}`;

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name && Object.hasOwn(OPS_COMMANDS, name) ? OPS_COMMANDS[name] : undefined;
  if (!name || !command?.usage) {
    console.error(usage());
    return 64;
  }
  try {
    console.log((await runOps(opsConfig(), name, args)).message);
    return 0;
  } catch (error) {
    if (error instanceof OpsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
