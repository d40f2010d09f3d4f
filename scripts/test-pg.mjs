// npm run test:pg: the API suite on PostgreSQL. Uses DATABASE_URL when it names a PostgreSQL
// server (each test file makes and drops its own database there); otherwise starts a throwaway one.
import { bin, run } from './lib.mjs';
import { startThrowawayPostgres } from './pg-throwaway.mjs';

let url = process.env.DATABASE_URL;
let server = null;
if (!url?.startsWith('postgres')) {
  server = startThrowawayPostgres(Number(process.env.PG_TEST_PORT ?? 5434));
  url = server.url;
  console.log(`Started a throwaway PostgreSQL at ${url}`);
}
const code = await run(bin('vitest'), ['run', '--project', 'api'], {
  env: { ...process.env, DATABASE_URL: url },
});
server?.stop();
process.exit(code);
