// `npm start`: builds what is stale (the web app, the server; decision 0054), then runs the compiled server in this
// process, which migrates the database and loads the demo data on first start. The server is this process, so a
// supervisor's SIGTERM (npm forwards it: the script `exec`s node) stops it gracefully.
import { ensureBuilt, runServerProgram } from './built.mjs';

ensureBuilt(['web', 'server']);
await runServerProgram('server');
