/**
 * Builds the embedded database's template (see template.ts) when it is missing or does not hold
 * exactly the code's migrations. Run by scripts/build-server.mjs, compiled to dist/build-template.js.
 */
import { defaultTemplateFile, templateIsCurrent, writeTemplate } from './template.ts';

const started = Date.now();
if (templateIsCurrent()) {
  console.log(`Database template ${defaultTemplateFile} is current`);
} else {
  await writeTemplate();
  console.log(`Database template written to ${defaultTemplateFile} in ${Date.now() - started} ms`);
}
