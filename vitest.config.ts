import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
          setupFiles: ['tests/setup/components.ts'],
          // Room for findBy*'s 5 s wait (tests/setup/components.ts) on a busy machine.
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
