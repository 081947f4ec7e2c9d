// `node scripts/run.mjs NAME [arguments]`: a program of the compiled server (apps/server/dist/NAME.js: migrate,
// create-admin), compiled first when stale, run in this process with the arguments after its name (decision 0054).
import { ensureBuilt, runServerProgram } from './built.mjs';

const [name] = process.argv.splice(2, 1);
ensureBuilt(['server']);
await runServerProgram(name);
