// Where the server's time goes in each load scenario (issue 10): a V8 CPU profile of the main
// thread (the app; autocannon runs in a worker thread) around each measured run, summarised as
// the top self-time frames and the share of each package. Run: npx tsx bench/profile-load.ts
// [out-dir]; the .cpuprofile files open in Chrome DevTools or speedscope.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session, type Profiler } from 'node:inspector/promises';
import { DEFAULT_LOAD_SETTINGS, measureLoad } from './load';

const outDir = process.argv[2] ?? '.tmp-prof';
mkdirSync(outDir, { recursive: true });

function where(frame: Profiler.ProfileNode['callFrame']): string {
  const url = frame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  return url ? `${url}:${frame.lineNumber + 1}` : '(native)';
}

/** The package a frame belongs to: node_modules/<name>, our src/, or node's own. */
function packageOf(frame: Profiler.ProfileNode['callFrame']): string {
  const url = frame.url;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.includes('/src/')) return 'app src/';
  if (url.startsWith('node:')) return 'node:*';
  return frame.functionName.startsWith('(') ? frame.functionName : '(native/other)';
}

function summarise(name: string, profile: Profiler.Profile) {
  const dt = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (deltas[i] ?? 0)));
  const total = [...dt.values()].reduce((a, b) => a + b, 0);
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const self = dt.get(node.id) ?? 0;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame)}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + self);
    const pkg = packageOf(node.callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + self);
  }
  const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n== ${name} (${(total / 1e6).toFixed(1)} s sampled)`);
  console.log('top self time:');
  for (const [key, v] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pct(v)}  ${key}`);
  }
  console.log('by package:');
  for (const [key, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${pct(v)}  ${key}`);
  }
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const figures = await measureLoad(
  // One run of each scenario: a profile per scenario.
  { ...DEFAULT_LOAD_SETTINGS, warmupSec: 1, durationSec: 5, rounds: 1 },
  {
    async around(scenario, run) {
      await session.post('Profiler.start');
      try {
        return await run();
      } finally {
        const { profile } = await session.post('Profiler.stop');
        const file = path.join(outDir, `${scenario.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        summarise(scenario, profile);
      }
    },
  },
);
console.log('\nscenario ratios (this run, profiler on, so lower than the plain bench):');
for (const s of figures.scenarios) {
  console.log(
    `  ${s.name.padEnd(36)} ${s.result.okPerSec.toFixed(0).padStart(6)}/s ratio ${s.ratio.toFixed(2)}`,
  );
}
session.disconnect();
