import { readFileSync } from 'node:fs';
import { ImportFormat } from '../../lib/schemas/imports';
import { createImportsRepository } from '../modules/imports/imports.repository';
import { createImportsService } from '../modules/imports/imports.service';
import { readFlag, runCli } from './cli-context';

const USAGE =
  'Usage: npm run import -- --email you@example.com --file library.csv [--format goodreads|storygraph]';

/**
 * npm run import -- --email you@example.com --file path.csv [--format goodreads|storygraph]
 * Imports a Goodreads or StoryGraph library export into a reader's account, as POST
 * /api/imports does, without its size limit or the per-reader quota. A malformed file lists
 * its rows and imports nothing (exit status 1).
 */
await runCli(async (app) => {
  const args = process.argv.slice(2);
  const email = readFlag(args, 'email')?.trim().toLowerCase();
  const file = readFlag(args, 'file');
  const formatFlag = readFlag(args, 'format');
  if (!email || !file) throw new Error(USAGE);
  const format = formatFlag === undefined ? undefined : ImportFormat.safeParse(formatFlag);
  if (format && !format.success) throw new Error(`Unknown format "${formatFlag}". ${USAGE}`);

  const { database } = app.deps;
  const account = await createImportsRepository(database.db).findAccountByEmail(email);
  if (!account || account.role === 'guest') throw new Error(`No reader with the email ${email}.`);
  const csv = readFileSync(file, 'utf8');

  const started = performance.now();
  const outcome = await createImportsService(database).importLibrary(account.id, {
    csv,
    format: format?.data,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (!outcome.ok) {
    // The command runs without the per-reader quota, so only a malformed file lands here.
    if (!('invalid' in outcome)) throw new Error('The import was refused.');
    console.error(`${outcome.invalid.error.message}`);
    for (const row of outcome.invalid.rows) console.error(`  row ${row.row}: ${row.message}`);
    process.exitCode = 1;
    return;
  }
  const { result } = outcome;
  console.log(`${result.message} (${result.format}, ${seconds} s)`);
  console.log(
    `  finished: ${result.imported.finished}, want to read: ${result.imported.wantToRead}, ` +
      `books added to the catalogue: ${result.imported.booksAdded}, unchanged: ${result.unchanged}`,
  );
  for (const row of result.skipped) console.log(`  skipped row ${row.row}: ${row.message}`);
});
