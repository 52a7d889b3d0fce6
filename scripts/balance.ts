// `npm run balance` (issue 42): the balance simulation, every figure beside its target.
// `npm run balance -- --quick` runs the quick version the unit tests run.
// `--one-off=COPPER` counts a one-off reward (a first-steps guide's) in every new career.
import { formatFigures, runBalance } from '@rpg/game';

const quick = process.argv.includes('--quick');
const oneOffArg = process.argv.find((arg) => arg.startsWith('--one-off='));
const oneOffCopper = oneOffArg ? Number(oneOffArg.slice('--one-off='.length)) : undefined;
const figures = runBalance({ quick, ...(oneOffCopper ? { oneOffCopper } : {}) });
console.log(formatFigures(figures));
const failed = figures.filter((f) => f.pass === false);
console.log(`\n${figures.filter((f) => f.pass).length} PASS, ${failed.length} FAIL`);
process.exitCode = failed.length > 0 ? 1 : 0;
