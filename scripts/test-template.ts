// Builds (or finds) the PGlite demo database template the API tests and the browser journeys copy
// (decision 0018). `npm test` runs it in the background while the typecheck and lint run.
import { ensurePgliteTemplate, templateKey } from '../apps/server/src/test/db-template.ts';

const started = performance.now();
const key = templateKey();
const dir = await ensurePgliteTemplate(key);
console.log(`test database template ${key} at ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
