// npm start: build the web app if needed, then serve it with the API (SQLite and demo data by default).
import { bin, ensureClientBuild, run } from './lib.mjs';

const built = await ensureClientBuild();
if (built !== 0) process.exit(built);
process.exit(await run(bin('tsx'), ['src/server/main.ts']));
