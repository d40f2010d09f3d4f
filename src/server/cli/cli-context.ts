import 'dotenv/config';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';

/**
 * Runs a command-line task against the configured database (migrated first), then closes it.
 * A bad setting or a failed task prints its message and exits with status 1.
 */
export async function runCli(
  task: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
  options: { migrate?: boolean } = {},
) {
  try {
    const config = loadConfig();
    const app = await buildApp({ config, logger: false });
    try {
      if (options.migrate !== false) await migrateToLatest(app.deps.database);
      await task(app);
    } finally {
      await app.close();
    }
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  }
}

/** Reads `--name value` from the arguments. */
export function readFlag(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index !== -1) return args[index + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}
