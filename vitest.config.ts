import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const CLIENT = 'src/client';
/**
 * What a component test does that needs a module graph and a page of its own: it replaces a
 * module (vi.mock) or loads one again (vi.resetModules), defines a custom element (once per
 * window), or drives TanStack Query's online and focus managers, which are module state.
 */
const NEEDS_ISOLATION =
  /vi\.(mock|doMock|resetModules)\(|customElements\.define\(|onlineManager|focusManager/;
const componentTests = readdirSync(CLIENT, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join(CLIENT, file.split(path.sep).join('/')));
const isolatedComponentTests = componentTests.filter((file) =>
  NEEDS_ISOLATION.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one on our 2-core machines. The API
    // files mostly wait (password hashing in libuv's pool, child processes, sockets), so two
    // at a time halve the API suite's time there (4 min -> 2 min) without more CPU to share.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/lib/**/*.test.ts', 'src/server/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: componentTests,
          exclude: isolatedComponentTests,
          setupFiles: ['tests/setup/components.ts'],
          // Room for findBy*'s 5 s wait (tests/setup/components.ts) on a busy machine.
          testTimeout: 20_000,
          // The files share each worker's page and loaded modules (React, Testing Library, the
          // app) instead of building them again per file: 230 s of the components' time became
          // 92 s side by side on one machine. Each test still renders its own tree with its own
          // query client, and the setup file's cleanup runs after every test. Files that need
          // a fresh page or modules (NEEDS_ISOLATION) run in 'components-isolated'.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components-isolated',
          environment: 'jsdom',
          include: isolatedComponentTests,
          setupFiles: ['tests/setup/components.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/setup/api.ts'],
          // The API files share each worker's loaded modules instead of importing the whole
          // server again per file (CI's PostgreSQL suite spent 179 s of its workers' time on
          // those imports, for 275 s of wall time). Each file still builds its own app on its
          // own database, and none mocks a module; timers faked in a file are put back in it.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
