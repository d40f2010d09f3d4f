import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureFeedLatency, type FeedFigures, type FeedScenario } from './feed-latency';
import {
  describeHealthDuringImport,
  describeImportRun,
  measureHealthDuringImport,
  measureImportLibrary,
} from './import-library';
import {
  compareLighthouse,
  LIGHTHOUSE_TARGETS,
  measureLighthouse,
  type LighthouseFigures,
} from './lighthouse';
import {
  HEALTH_RATIO_TARGET,
  measureLoad,
  PLACEMENTS_PER_SEC_TARGET,
  READ_RATIO_TARGET,
  type LoadFigures,
} from './load';
import {
  BROWSER_ACCEPT_ENCODING,
  CLIENT_DIST,
  LOGIN_BUDGET_BYTES,
  measurePageWeight,
  totalOf,
  type WireFile,
  type WireTotals,
} from './page-weight';
import { measureSearchLatency } from './search-latency';
import { measureShareImage, SHARE_IMAGE_P95_TARGET_MS } from './share-image';
import { measureReadingYear, READING_YEAR_P95_TARGET_MS } from './reading-year';
import { measureClubLeaderboard } from './club-leaderboard';
import {
  CSV_HEALTH_P99_TARGET_MS,
  CSV_LAST_BYTE_TARGET_MS,
  DASHBOARD_P95_TARGET_MS,
  measureDashboard,
} from './dashboard';
import { measureHeaders } from './headers';
import { measureSuggestions } from './suggestions-latency';
import { measurePageScale, PAGE_P95_TARGET_MS } from './page-scale';
import {
  describeSoakEvery,
  measureSoak,
  SOAK_P99_TARGET_MS,
  SOAK_RSS_GROWTH_TARGET,
  writeSoakRecord,
} from './soak';
import { describeFanOut, FAN_OUT_SIZES, measureFanOut } from './fan-out';
import { measurePopularBooks, POPULAR_P95_TARGET_MS, SEASON_P95_TARGET_MS } from './popular-books';
import { measurePlacementCost, PLACEMENT_COST_TARGET } from './placement-cost';
import { formatSummary, ms, ratio } from './stats';

/**
 * npm run bench [-- part...]: every benchmark in one process, one readable report. Figures and
 * ratios are taken in this one run (our machines are shared and noisy, so absolute times are
 * read with care and never asserted in tests). Parts: search, suggestions, load, headers, feed, import, share, clubs, dashboard,
 * page-weight,
 * lighthouse.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const count = (n: number) => n.toLocaleString('en-GB');
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
const metOrNot = (met: boolean) => (met ? 'MET' : 'NOT MET');

async function searchPart() {
  const figures = await measureSearchLatency();
  console.log(
    `${figures.queries} queries (title words, prefixes such as 'hobb', names, ISBNs, common ` +
      `words, misses), each timed in 3 passes after a warm-up pass (a query's figure is its ` +
      `median), through the books service with ` +
      `remote providers off (what GET /api/books/search calls), limit 20.`,
  );
  for (const c of figures.catalogues) {
    console.log(
      `${count(c.books).padStart(7)} books (inserted in ${seconds(c.insertMs)}): ${formatSummary(c.latency)}`,
    );
  }
  const biggest = figures.catalogues.at(-1)!;
  console.log(
    `ratio p95(${count(biggest.books)}) / p95(${count(figures.catalogues[0]!.books)}): ${ratio(figures.p95Ratio)}`,
  );
  console.log(
    `target p95 < ${figures.targetMs} ms at 100,000 books: ${metOrNot(figures.targetMet)} ` +
      `(${ms(biggest.latency.p95)})`,
  );
  console.log(`by kind of query at ${count(biggest.books)} books (mean results of 20 at most):`);
  for (const k of biggest.byKind) {
    console.log(
      `  ${k.kind.padEnd(16)} ${formatSummary(k.latency)}  results ${k.meanResults.toFixed(1)}`,
    );
  }
  console.log('slowest queries:');
  for (const s of biggest.slowest) {
    console.log(`  ${ms(s.ms).padStart(9)}  '${s.text}' (${s.kind}, ${s.results} results)`);
  }
}

async function suggestionsPart() {
  const f = await measureSuggestions();
  console.log(
    `The seeded grid's 16 squares (12 with rules) for a reader with ${count(f.finished)} finished ` +
      `and ${count(f.wantToRead)} want-to-read books, on ${count(f.books)} generated books ` +
      `(SQLite), through the suggestions service; 200 timed calls after 20 warm-up calls.`,
  );
  console.log(
    `all 16 squares:   ${formatSummary(f.allSquares)} (${f.squaresFilled} squares filled)`,
  );
  console.log(`one square:       ${formatSummary(f.oneSquare)}`);
  console.log(
    `target p95 < 20 ms for all 16 squares: ${metOrNot(f.suggestionsTargetMet)} (${ms(f.allSquares.p95)})`,
  );
  console.log(`subject, genre and language searches ('poetry', 'Spanish', "children's"...):`);
  console.log(`  ${formatSummary(f.subjectSearch)}`);
  console.log(
    `target p95 < 5 ms at ${count(f.books)} books: ${metOrNot(f.subjectSearchTargetMet)} (${ms(f.subjectSearch.p95)})`,
  );
  console.log(
    `  slowest medians: ${f.byQuery
      .slice(0, 4)
      .map((q) => `'${q.text}' ${ms(q.medianMs)}`)
      .join(', ')}`,
  );
}

/** BENCH_SQLITE=0 with DATABASE_URL: the parts that measure both databases skip SQLite. */
const postgresOnly = () => Boolean(process.env.DATABASE_URL) && process.env.BENCH_SQLITE === '0';

async function loadPart() {
  // SQLite, then PostgreSQL beside it when DATABASE_URL names a server (a fresh database on it).
  const postgresServer = process.env.DATABASE_URL;
  const all = postgresOnly() ? [] : [await measureLoad()];
  if (postgresServer) all.push(await measureLoad(undefined, undefined, { postgresServer }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const figures of all) printLoad(figures);
}

/** A share as a whole percentage ('?' when unknown). */
const percent = (share: number) => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : '?');

function printLoad(figures: LoadFigures) {
  const { settings } = figures;
  console.log(`\n### on ${figures.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  console.log(
    `autocannon (in a worker thread), ${settings.connections} connections; each scenario ` +
      `${settings.rounds} runs of ${settings.durationSec} s after a ${settings.warmupSec} s ` +
      `warm-up, each run followed by a hello-world run; figures are the median run's; the app on a fresh ${figures.database === 'sqlite' ? 'SQLite file' : 'PostgreSQL database'}, ` +
      `logging at info to a file, RATE_LIMIT_SCALE=0.`,
  );
  console.log(
    `${settings.users} readers signed up and in through the real routes (captcha solved in Node) ` +
      `in ${seconds(figures.setupMs)}.`,
  );
  const { baseline } = figures;
  console.log(
    `hello-world baseline runs (2xx/s, one at the start and one after every run): ` +
      `${baseline.runs.map((r) => r.toFixed(0)).join(', ')}; steal ${baseline.steals.map(percent).join(', ')}; max/min ` +
      `${ratio(baseline.max / baseline.min)}${baseline.nonOk > 0 ? `; ${baseline.nonOk} non-2xx!` : ''}`,
  );
  console.log(
    `hello-world server-thread CPU per answer (microseconds): ` +
      `${baseline.cpuMicros.map((c) => c.toFixed(1)).join(', ')}. The cpu ratio column is ` +
      `hello-world's CPU per answer over the scenario's: what the ratio would be if the ` +
      `server thread had a core to itself (it steadies the figures on a busy machine).`,
  );
  console.log(
    `${'scenario'.padEnd(36)} ${'2xx/s'.padStart(7)} ${'hello/s'.padStart(7)} ` +
      `${'ratio'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'non-2xx'.padStart(7)} ` +
      `${'errors'.padStart(6)} ${'cpu us'.padStart(7)} ${'cpu ratio'.padStart(9)}`,
  );
  for (const s of figures.scenarios) {
    const r = s.result;
    console.log(
      `${s.name.padEnd(36)} ${r.okPerSec.toFixed(0).padStart(7)} ${s.baseline.toFixed(0).padStart(7)} ` +
        `${ratio(s.ratio).padStart(6)} ${`${r.latencyP50} ms`.padStart(6)} ` +
        `${`${r.latencyP99} ms`.padStart(6)} ${String(r.non2xx).padStart(7)} ` +
        `${String(r.errors).padStart(6)} ${s.cpuMicros.toFixed(1).padStart(7)} ` +
        `${ratio(s.cpuRatio).padStart(9)}${s.valid ? '' : '  INVALID (non-2xx or errors)'}`,
    );
    console.log(
      `    ${s.detail}; ${r.total} requests in ${r.durationSec} s in the median run; ` +
        `each run's ratio ${s.ratios.map(ratio).join(', ')}, steal ${s.steals.map(percent).join(', ')}` +
        (Number.isFinite(s.databaseCpuMicros)
          ? `; the PostgreSQL server's CPU ${s.databaseCpuMicros.toFixed(0)} us an answer (all its processes, on this machine)`
          : ''),
    );
    const other = Object.entries(r.statusCodes).filter(([code]) => !code.startsWith('2'));
    if (other.length > 0) console.log(`    status codes: ${JSON.stringify(r.statusCodes)}`);
  }
  console.log(
    `placements afterwards: ${figures.placements.rows} rows for ` +
      `${figures.placements.usersWithPlacements} readers (the other requests replaced a square's book, or re-placed the same one)`,
  );
  console.log(
    `readers whose total is not the sum of their placements: ${figures.totalsOff} ` +
      `${metOrNot(figures.totalsOff === 0)}`,
  );
  for (const s of figures.scenarios) {
    if (s.name === 'GET /api/health') {
      console.log(
        `target /api/health >= ${HEALTH_RATIO_TARGET} of hello-world: ` +
          `${s.valid ? metOrNot(s.ratio >= HEALTH_RATIO_TARGET) : 'no valid figure'} (median ${ratio(s.ratio)})`,
      );
    }
    if (s.kind === 'write') {
      console.log(
        `target placements >= ${PLACEMENTS_PER_SEC_TARGET}/s with no errors: ` +
          `${metOrNot(s.valid && s.failed === 0 && s.rate >= PLACEMENTS_PER_SEC_TARGET)} ` +
          `(median ${s.rate.toFixed(0)}/s of ${s.rates.map((r) => r.toFixed(0)).join(', ')}; ${s.failed} failed)`,
      );
    }
  }
  for (const s of figures.scenarios.filter(
    (x) => x.kind === 'read' && x.name !== 'GET /api/health',
  )) {
    console.log(
      `target reads >= ${READ_RATIO_TARGET} of hello-world, ${s.name}: ` +
        `${s.valid ? metOrNot(s.ratio >= READ_RATIO_TARGET) : 'no valid figure'} (median ${ratio(s.ratio)})`,
    );
  }
  const calibration = figures.scenarios.filter((x) => x.kind === 'calibration');
  if (calibration.length > 0) {
    console.log(
      `calibration: ${calibration.map((s) => `${s.name} reads at ${ratio(s.ratio)} (cpu ratio ${ratio(s.cpuRatio)})`).join('; ')}. ` +
        `A route that does only that much more work than hello-world reads at that ratio here: ` +
        `the ratio falls faster than the work grows, because the client's thread waits longer ` +
        `between answers and waking it is part of the server's write.`,
    );
  }
}

function printFeedRows(rows: readonly FeedScenario[]) {
  for (const s of rows) {
    const failures = s.non2xx > 0 ? `  ${s.non2xx} non-2xx!` : '';
    console.log(`  ${s.name.padEnd(58)} ${formatSummary(s.latency)}  items ${s.items}${failures}`);
  }
}

async function feedPart() {
  const figures: FeedFigures = await measureFeedLatency();
  const { settings } = figures;
  console.log(
    `SQLite; ${count(settings.users)} readers with ${settings.friendsEach} accepted friends each, ` +
      `${count(settings.posts)} posts over a year (generated in ${seconds(figures.generateMs)}); ` +
      `app.inject with a real session; ${settings.requestsEach} requests each after a warm-up, ` +
      `alternating between the big and the small table.`,
  );
  console.log(`at ${count(settings.posts)} posts:`);
  printFeedRows(figures.big);
  console.log(
    `at ${count(settings.smallPosts)} posts (same readers and friendships; half the reader's, ` +
      `half friends', so every filter's page 1 is full):`,
  );
  printFeedRows(figures.small);
  console.log(
    `page 1 at ${count(settings.posts)} posts / page 1 at ${settings.smallPosts} posts (1.0 = the same cost):`,
  );
  for (const r of figures.pageOneRatios) {
    console.log(`  filter=${r.filter.padEnd(8)} p50 ${ratio(r.p50)}  p95 ${ratio(r.p95)}`);
  }
}

/** Measured before the import ran in slices (same command, same machine, 2026-11-23). */
const HEALTH_DURING_IMPORT_BEFORE =
  '2 health requests answered during a 0.9 s import, one after 868-876 ms (quiet machine, idle p99 4 ms)';

async function importPart() {
  const figures = await measureImportLibrary(5000);
  console.log(`importLibrary on ${figures.database}, a synthetic Goodreads export:`);
  for (const run of figures.runs) console.log(describeImportRun(figures, run));
  const [first, again] = figures.runs;
  if (first && again) console.log(`ratio re-import / first import: ${ratio(again.ms / first.ms)}`);

  // Issue 8: one big import must not stall everyone else's requests.
  const health = await measureHealthDuringImport(10_000);
  console.log('GET /api/health from another thread while POST /api/imports brings in 10,000 rows:');
  for (const line of describeHealthDuringImport(health)) console.log(`  ${line}`);
  console.log(
    `  ratio health p99 while importing / idle: ${ratio(health.health.p99 / health.idle.p99)}`,
  );
  console.log(`  before issue 8's fix: ${HEALTH_DURING_IMPORT_BEFORE}`);
}

function printWireFiles(files: readonly WireFile[]) {
  for (const f of files) {
    console.log(
      `  ${f.path.padEnd(48)} ${kb(f.identity).padStart(9)} ${kb(f.gzip).padStart(9)} ` +
        `${kb(f.browser).padStart(9)} ${f.browserEncoding}`,
    );
  }
}

function printWireTotal(label: string, t: WireTotals) {
  console.log(
    `  ${label.padEnd(48)} ${kb(t.identity).padStart(9)} ${kb(t.gzip).padStart(9)} ${kb(t.browser).padStart(9)}`,
  );
}

async function pageWeightPart() {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    console.log('SKIPPED: no built web app in dist/client (npx vite build, or npm run bench).');
    return;
  }
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) {
    console.log(`SKIPPED: no Chromium at ${chrome} (set CHROME_PATH).`);
    return;
  }
  const weight = await measurePageWeight();
  console.log(
    `Body bytes on the wire from the real server over HTTP: as built (Accept-Encoding: identity), ` +
      `gzip only, and with Chromium's Accept-Encoding (${BROWSER_ACCEPT_ENCODING}).`,
  );
  console.log(
    `  ${'file'.padEnd(48)} ${'identity'.padStart(9)} ${'gzip'.padStart(9)} ${'browser'.padStart(9)}`,
  );
  console.log('/login, JavaScript Chromium fetched before the form could be typed into:');
  printWireFiles(weight.login);
  const login = totalOf(weight.login);
  printWireTotal(`total, ${weight.login.length} files`, login);
  console.log('/login, the captcha widget (loaded after first paint):');
  printWireFiles(weight.captcha);
  printWireTotal(`total, ${weight.captcha.length} files`, totalOf(weight.captcha));
  console.log('/login, the page and its styles:');
  printWireFiles(weight.documentAndStyles);
  printWireTotal('whole app, every script', weight.wholeApp);
  const seen = weight.chromium;
  console.log(
    `Chromium on Slow 4G, cache off (bench/login-weight.ts, as tests/e2e/login-weight.spec.ts): ` +
      `/login could be typed into after ${seen.readyMs} ms and ${seen.scripts.length} scripts, ` +
      `${kb(seen.wireBytes)} on the wire (${kb(seen.bodyBytes)} of compressed bodies, the rest ` +
      `response headers; encodings: ${[...new Set(seen.scripts.map((s) => s.encoding))].join(', ')}).`,
  );
  console.log(
    `target JavaScript before /login can be typed into < ${kb(LOGIN_BUDGET_BYTES)} on the wire: ` +
      `${metOrNot(seen.wireBytes < LOGIN_BUDGET_BYTES)} (${kb(seen.wireBytes)}; ratio to budget ` +
      `${ratio(seen.wireBytes / LOGIN_BUDGET_BYTES)})`,
  );
}

function printLighthouseRow(label: string, f: LighthouseFigures) {
  console.log(
    `  ${label.padEnd(28)} ${String(f.performance).padStart(4)} ${String(f.accessibility).padStart(4)} ` +
      `${String(f.bestPractices).padStart(4)} ${String(f.seo).padStart(4)} ` +
      `${seconds(f.lcp).padStart(6)} ${ms(f.tbt).padStart(8)} ${f.cls.toFixed(3).padStart(6)}`,
  );
}

/** LIGHTHOUSE_COMPARE=dir[,dir]: this build against others, interleaved (compareLighthouse). */
async function lighthouseComparePart(others: string[]) {
  const builds = [CLIENT_DIST, ...others];
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  console.log(
    `Lighthouse A/B, ${runs} interleaved rounds per page; build 0 is ${CLIENT_DIST}. Load average ` +
      `before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}.`,
  );
  builds.forEach((dir, index) => console.log(`  build ${index}: ${dir}`));
  const { pages } = await compareLighthouse(builds, runs);
  console.log(`  ${'page'.padEnd(28)} perf a11y  b-p  seo    LCP      TBT    CLS`);
  for (const page of pages) {
    page.runs.forEach((buildRuns, index) => {
      console.log(
        `  ${page.path} build ${index}: perf ${buildRuns.map((r) => r.performance).join(' ')}; ` +
          `TBT ${buildRuns.map((r) => Math.round(r.tbt)).join(' ')} ms`,
      );
      printLighthouseRow(`${page.path} build ${index} MEDIAN`, page.median[index]!);
    });
  }
}

async function lighthousePart() {
  const others = process.env.LIGHTHOUSE_COMPARE?.split(',').filter(Boolean) ?? [];
  if (others.length > 0) {
    await lighthouseComparePart(others);
    return;
  }
  const runs = 3;
  console.log(
    `Lighthouse mobile (default simulated throttling: slow 4G, 4x CPU), ` +
      `${runs} runs per page against the built app on the real server; /login signed out, ` +
      `/bingo and /profile signed in as the seeded reader. Load average before: ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}.`,
  );
  const pages = await measureLighthouse(runs);
  console.log(`Lighthouse ${pages[0]?.runs[0]?.lighthouseVersion ?? '?'}; b-p = best practices.`);
  console.log(`  ${'page'.padEnd(28)} perf a11y  b-p  seo    LCP      TBT    CLS`);
  for (const page of pages) {
    const who = page.signedIn ? 'signed in' : 'signed out';
    page.runs.forEach((run, i) => printLighthouseRow(`${page.path} run ${i + 1}`, run));
    printLighthouseRow(`${page.path} MEDIAN (${who})`, page.median);
    // One entry per audit (its figure from the first run that failed it).
    const failing = [
      ...new Map(page.runs.flatMap((r) => r.failing).map((f) => [f.split(' (')[0], f])).values(),
    ];
    if (failing.length > 0) console.log(`    audits below 0.9 in some run: ${failing.join(', ')}`);
  }
  const t = LIGHTHOUSE_TARGETS;
  for (const page of pages) {
    const m = page.median;
    const met =
      m.performance >= t.performance &&
      m.accessibility >= t.accessibility &&
      m.bestPractices >= t.bestPractices &&
      m.seo >= t.seo &&
      m.cls < t.cls;
    console.log(
      `target ${page.path} (perf >= ${t.performance}, a11y ${t.accessibility}, best practices ` +
        `${t.bestPractices}, SEO >= ${t.seo}, CLS < ${t.cls}): ${metOrNot(met)}`,
    );
  }
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
}

async function sharePart() {
  const f = await measureShareImage();
  console.log(
    'A shared card (13 of 16 squares, 1200 x 630) on SQLite; 60 timed calls uncached, 300 cached, ' +
      'after 5 warm-up calls:',
  );
  console.log(`render (SVG + resvg PNG), no cache:  ${formatSummary(f.renderUncached)}`);
  console.log(`  CPU time per uncached render (all threads): ${ms(f.renderCpuMs)}`);
  console.log(`GET card.png, image cache emptied:   ${formatSummary(f.pngUncached)}`);
  console.log(`GET card.png, card unchanged:        ${formatSummary(f.pngCached)}`);
  console.log(`GET card.png with its ETag (304):    ${formatSummary(f.pngNotModified)}`);
  console.log(`GET card.svg, card unchanged:        ${formatSummary(f.svgCached)}`);
  console.log(`GET /share/:token (the page):        ${formatSummary(f.page)}`);
  console.log(`PNG size: ${kb(f.pngBytes)}`);
  console.log(
    `target p95 < ${SHARE_IMAGE_P95_TARGET_MS} ms for the uncached PNG: ${metOrNot(f.targetMet)} ` +
      `(${ms(f.pngUncached.p95)}); cached / uncached p95: ${ratio(f.pngCached.p95 / f.pngUncached.p95)}`,
  );
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  );
}

async function clubsPart() {
  // SQLite, then PostgreSQL beside it when DATABASE_URL names a server.
  const all = [await measureClubLeaderboard()];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measureClubLeaderboard({ postgresServer }));
  for (const f of all) {
    console.log(
      `${f.database}: a club of ${count(f.members)} members (a third hiding their profile), ` +
        `${count(f.placements)} placements on 2 club cards; app.inject as a member, ` +
        `200 timed calls each, interleaved, after a warm-up:`,
    );
    console.log(
      `  GET /api/clubs/:id/leaderboard  ${formatSummary(f.leaderboard)}  entries ${f.entries}`,
    );
    console.log(`  GET /api/health                 ${formatSummary(f.health)}`);
    console.log(
      `  ratio leaderboard / health: p50 ${ratio(f.leaderboard.p50 / f.health.p50)}  ` +
        `p95 ${ratio(f.leaderboard.p95 / f.health.p95)}`,
    );
  }
}

/** Issue 24: the season dashboard at 10,000 readers and 500,000 placements. */
async function dashboardPart() {
  const all = [await measureDashboard()];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measureDashboard({ postgresServer }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const f of all) {
    console.log(
      `${f.database}: ${count(f.readers)} readers, ${count(f.placements)} placements ` +
        `(${count(f.onCard)} on the measured card, the rest on 4 past cards; written in ` +
        `${seconds(f.insertMs)}); app.inject as an admin, 100 timed calls each, interleaved, ` +
        `after a warm-up:`,
    );
    console.log(
      `  GET /api/grids/:id/dashboard  ${formatSummary(f.dashboard)}  participants ${count(f.participants)}`,
    );
    console.log(`  GET /api/health               ${formatSummary(f.health)}`);
    console.log(`  first call (counts the card)  ${ms(f.firstMs)}`);
    console.log(
      `  counted anew every call       ${formatSummary(f.cold)}  (the service, 20 calls)`,
    );
    console.log(
      `  target p95 < ${DASHBOARD_P95_TARGET_MS} ms as served: ${metOrNot(f.targetMet)} ` +
        `(${ms(f.dashboard.p95)}); counted anew: ${metOrNot(f.coldTargetMet)} (${ms(f.cold.p95)})`,
    );
    console.log(
      `  GET /api/grids/:id/results.csv over HTTP, ${count(f.csv.rows)} rows, ` +
        `${kb(f.csv.bytes)}: last byte ${f.csv.lastByteMs.map(ms).join(', ')} ` +
        `(median ${ms(f.csv.medianMs)})`,
    );
    console.log(
      `  GET /api/health meanwhile     ${formatSummary(f.healthDuringCsv)}  p99 ${ms(f.healthDuringCsv.p99)}`,
    );
    console.log(
      `  target CSV last byte < ${seconds(CSV_LAST_BYTE_TARGET_MS)} and health p99 < ` +
        `${CSV_HEALTH_P99_TARGET_MS} ms meanwhile: ${metOrNot(f.csvTargetMet)}`,
    );
  }
}

async function popularPart() {
  const all = [await measurePopularBooks()];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measurePopularBooks({ postgresServer }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const f of all) {
    console.log(
      `${f.database}: ${count(f.readers)} readers, ${count(f.placements)} placements ` +
        `(${count(f.onCard)} on the measured card; written with their triggers in ` +
        `${seconds(f.insertMs)}); app.inject as a signed-in reader, 200 timed calls each after a warm-up:`,
    );
    console.log(
      `  GET /api/bingo/cells/:id/popular   ${formatSummary(f.popular)}  top book used by ${count(f.topReaders)}`,
    );
    console.log(
      `  GET /api/grids/:id/season-stats    ${formatSummary(f.season)}  participants ${count(f.participants)}`,
    );
    console.log(`  GET /api/health (interleaved)      ${formatSummary(f.health)}`);
    console.log(
      `  season counted anew every call     ${formatSummary(f.seasonCold)}  (the service, 20 calls)`,
    );
    console.log(
      `  target popular p95 < ${POPULAR_P95_TARGET_MS} ms: ${metOrNot(f.popularTargetMet)} (${ms(f.popular.p95)}); ` +
        `season p95 < ${SEASON_P95_TARGET_MS} ms as served: ${metOrNot(f.seasonTargetMet)} (${ms(f.season.p95)}), ` +
        `counted anew: ${metOrNot(f.seasonColdTargetMet)} (${ms(f.seasonCold.p95)})`,
    );
  }
}

/** Issue 25: what keeping square_book_counts costs a placement, side by side. */
async function placementCostPart() {
  const all = [await measurePlacementCost()];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measurePlacementCost({ postgresServer }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const f of all) {
    console.log(
      `${f.database}: ${count(f.readers)} readers (a fifth hidden), ${count(f.placementsBefore)} ` +
        `placements before; ${f.timed / f.perRound} rounds of ${f.perRound} placements through the ` +
        `bingo service on each database in turn (${count(f.replacements)} of ${count(f.timed)} ` +
        `replacements), the order turning each round:`,
    );
    for (const v of f.variants) {
      const spread = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const q = (p: number) => ratio(sorted[Math.floor((sorted.length - 1) * p)]!);
        return `quartiles ${q(0.25)}-${q(0.75)}`;
      };
      console.log(
        `  ${v.name.padEnd(36)} wall ${ms(v.medianMs).padStart(8)} ratio ${ratio(v.medianRatio)} ` +
          `(${spread(v.ratios)}); ${f.database === 'sqlite' ? '' : 'client '}CPU ` +
          `${ms(v.medianCpuMs).padStart(8)} ratio ${ratio(v.medianCpuRatio)} (${spread(v.cpuRatios)})`,
      );
    }
    const today = f.variants.at(-1)!;
    console.log(
      `  target within ${Math.round((PLACEMENT_COST_TARGET - 1) * 100)} % of a placement without ` +
        `counting: ${metOrNot(today.medianRatio <= PLACEMENT_COST_TARGET)} (wall ${ratio(today.medianRatio)}` +
        `${f.database === 'sqlite' ? `, CPU ${ratio(today.medianCpuRatio)}` : ''}); ` +
        `counts exact afterwards: ${metOrNot(f.countsExact)}; load average ` +
        `${f.loadAverage.map((l) => l.toFixed(2)).join(', ')}`,
    );
  }
}

async function pageScalePart() {
  // PAGE_SCALE: a fraction of the sizes for a quick run (0.01: 1,000 readers); 1 by default.
  const scale = Number(process.env.PAGE_SCALE ?? 1);
  const all = postgresOnly() ? [] : [await measurePageScale({ scale })];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measurePageScale({ postgresServer, scale }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const f of all) {
    console.log(
      `${f.database}: ${count(f.readers)} readers, ${count(f.placements)} placements, ` +
        `${count(f.posts)} posts (written in ${seconds(f.insertMs)}); one reader with 50 ` +
        `friends, 12 squares and 20 books wanted, through app.inject, each page's answers ` +
        `in turn, 100 rounds after a warm-up:`,
    );
    for (const p of f.pages) {
      console.log(`  ${p.page.padEnd(18)} GET ${p.url.padEnd(44)} ${formatSummary(p.latency)}`);
    }
    const worst = f.pages.reduce((a, b) => (b.latency.p95 > a.latency.p95 ? b : a));
    console.log(
      `  target every p95 < ${PAGE_P95_TARGET_MS} ms: ${metOrNot(f.targetMet)} ` +
        `(slowest ${worst.url}, p95 ${ms(worst.latency.p95)})`,
    );
  }
}

async function soakPart() {
  const f = await measureSoak();
  console.log(
    `Two instances (NODE_ENV=production, request logging on) on one PostgreSQL and one Redis, ` +
      `${f.minutes} min of steady traffic from ${f.readers} readers: 80 reads and 20 placements ` +
      `a second, ${OPEN_STREAMS_TEXT}, a 200-row import every 30 s, a share image a second. ` +
      `Sampled every ${f.sampleSec} s; warm-up ${f.warmupSec} s.`,
  );
  console.log('   at s   RSS 1 MB   RSS 2 MB   requests     p50      p99   errors');
  for (const s of f.samples) {
    console.log(
      `${String(s.atSec).padStart(7)} ${s.rssMb[0].toFixed(1).padStart(10)} ` +
        `${s.rssMb[1].toFixed(1).padStart(10)} ${String(s.requests).padStart(10)} ` +
        `${ms(s.p50).padStart(8)} ${ms(s.p99).padStart(8)} ${String(s.errors).padStart(8)}`,
    );
  }
  for (const [kind, k] of Object.entries(f.byKind)) {
    console.log(
      `  ${kind.padEnd(14)} ${count(k.count).padStart(8)}  p50 ${ms(k.p50)}  p99 ${ms(k.p99)}`,
    );
  }
  console.log(
    `  ${count(f.requests)} requests, ${f.errors} errors${
      f.errors > 0 ? ` (${JSON.stringify(f.errorKinds)})` : ''
    }; ${count(f.placements)} placements; ${count(f.streamsOpened)} streams opened ` +
      `(${f.streamRefusals} refused), ${count(f.streamEvents)} events heard; ${f.imports} imports`,
  );
  console.log(
    `  readers whose total is not the sum of their placements: ${f.totalsOff}; card totals off: ` +
      `${f.cardTotalsOff}`,
  );
  const growth = f.rssGrowth.map((g) => `${(g * 100).toFixed(1)} %`).join(' and ');
  const flat = f.rssGrowth.every((g) => g <= SOAK_RSS_GROWTH_TARGET);
  console.log(
    `  target memory flat within ${SOAK_RSS_GROWTH_TARGET * 100} % after warm-up: ` +
      `${metOrNot(flat)} (${growth})`,
  );
  console.log(
    `  target p99 < ${SOAK_P99_TARGET_MS} ms after warm-up: ` +
      `${metOrNot(f.p99AfterWarmup < SOAK_P99_TARGET_MS)} (${ms(f.p99AfterWarmup)})`,
  );
  // For docs/SCALING.md: the figures to a JSON file, the chart drawn from it, the table under it.
  const file = writeSoakRecord(f);
  console.log(`  every sample and the summary: ${path.relative(process.cwd(), file)}`);
  console.log(`  chart: npx tsx bench/soak-chart.ts ${path.relative(process.cwd(), file)}`);
  for (const line of describeSoakEvery(f)) console.log(line);
  // Correctness fails the run; memory and latency are figures to read, not to assert.
  if (f.errors > 0 || f.totalsOff > 0 || f.cardTotalsOff > 0) {
    throw new Error(
      `the soak lost correctness: ${f.errors} errors, ${f.totalsOff} totals and ` +
        `${f.cardTotalsOff} card totals off`,
    );
  }
}
const OPEN_STREAMS_TEXT = '40 live-update streams open, one replaced every 100 ms';

async function headersPart() {
  const figures = await measureHeaders();
  console.log(
    `A bare Fastify answering one JSON route, with and without our security headers; ` +
      `${figures.rounds} rounds of ${figures.durationSec} s each, the variants in turn; ` +
      `ratio = 2xx/s over the bare server's in the same round.`,
  );
  for (const v of figures.variants) {
    console.log(
      `  ${v.name.padEnd(40)} median ratio ${ratio(v.medianRatio)}  rounds ` +
        `${v.ratios.map(ratio).join(', ')}  (${v.rates.map((r) => r.toFixed(0)).join(', ')}/s)`,
    );
  }
}

/** Issue 25: a reader's year at 500 finished books. */
async function readingYearPart() {
  const all = [await measureReadingYear()];
  const postgresServer = process.env.DATABASE_URL;
  if (postgresServer) all.push(await measureReadingYear({ postgresServer }));
  else
    console.log('(PostgreSQL skipped: set DATABASE_URL to a server to measure it beside SQLite)');
  for (const f of all) {
    console.log(
      `${f.database}: a reader with 500 finished books (${f.booksIn2025} in 2025) among ` +
        `${count(f.finishedRows)} finished-book rows; app.inject, 100 timed calls each, ` +
        `interleaved, after a warm-up:`,
    );
    console.log(`  GET /api/profile/reading-year?year=2025   ${formatSummary(f.own)}`);
    console.log(`  GET /api/users/:id/reading-year (other)   ${formatSummary(f.other)}`);
    console.log(`  GET /api/health                           ${formatSummary(f.health)}`);
    console.log(
      `  target p95 < ${READING_YEAR_P95_TARGET_MS} ms: ${metOrNot(f.targetMet)} (${ms(f.own.p95)})`,
    );
  }
}

async function fanOutPart() {
  const sizes = (process.env.FAN_OUT_STREAMS ?? '').split(',').map(Number).filter(Boolean);
  for (const streams of sizes.length > 0 ? sizes : FAN_OUT_SIZES) {
    for (const line of describeFanOut(await measureFanOut(streams))) console.log(line);
  }
}

const PARTS = {
  search: { title: 'Local search latency (issue 3)', run: searchPart },
  // Issue 25.
  'reading-year': {
    title: 'Your reading year at 500 finished books (issue 25)',
    run: readingYearPart,
  },
  suggestions: {
    title: 'Books that fit each square, and subject search (issue 11)',
    run: suggestionsPart,
  },
  feed: { title: 'Feed and friends leaderboard latency (issue 4)', run: feedPart },
  load: { title: 'Throughput against a bare Fastify (issue 3)', run: loadPart },
  headers: {
    title: 'What the security headers cost a bare Fastify (decision 020)',
    run: headersPart,
  },
  import: { title: 'Library import', run: importPart },
  share: { title: 'Share image render (issue 12)', run: sharePart },
  clubs: { title: 'Club leaderboard at 1,000 members (issue 12)', run: clubsPart },
  dashboard: {
    title: 'Season dashboard at 10,000 readers and 500,000 placements (issue 24)',
    run: dashboardPart,
  },
  'fan-out': {
    title: 'Live updates to N open streams under 100 placements a second (issue 27)',
    run: fanOutPart,
  },
  popular: {
    title:
      'What others read and the season page at 100,000 readers, 1,000,000 placements (issue 25)',
    run: popularPart,
  },
  'placement-cost': {
    title: "What counting the square's books costs a placement (issue 25)",
    run: placementCostPart,
  },
  'page-weight': { title: 'Page weight, bytes on the wire (issue 9)', run: pageWeightPart },
  lighthouse: { title: 'Lighthouse mobile, median of 3 (issue 9)', run: lighthousePart },
  'page-scale': {
    title:
      'Every signed-in page at 100,000 readers, 1,000,000 placements, 200,000 posts (issue 27)',
    run: pageScalePart,
  },
  soak: {
    title:
      'Soak: two instances on PostgreSQL and Redis, SOAK_MINUTES (30) of mixed traffic (issue 27)',
    run: soakPart,
  },
} as const;
type PartName = keyof typeof PARTS;
const isPart = (name: string): name is PartName => Object.hasOwn(PARTS, name);

async function main(): Promise<number> {
  const asked = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = asked.filter((a) => !isPart(a));
  if (unknown.length > 0) {
    console.error(
      `Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}.`,
    );
    return 2;
  }
  const parts = asked.length > 0 ? asked.filter(isPart) : (Object.keys(PARTS) as PartName[]);
  const started = performance.now();
  console.log(
    `# Hedgehog Reading Bingo benchmarks: ${new Date().toISOString()}, Node ${process.version}, ` +
      `${os.cpus().length} cores`,
  );
  console.log('Figures come from this one run; compare ratios, read absolute times with care.');
  let failed = 0;
  for (const name of parts) {
    const part = PARTS[name];
    console.log(`\n## ${part.title} [${name}]`);
    const partStarted = performance.now();
    try {
      await part.run();
    } catch (error) {
      failed += 1;
      console.log(
        `FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
    console.log(`(${name} took ${seconds(performance.now() - partStarted)})`);
  }
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `\nDone in ${seconds(performance.now() - started)}; peak RSS ${peakRssMb.toFixed(0)} MB` +
      `${failed > 0 ? `; ${failed} part(s) FAILED` : ''}.`,
  );
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
// Every part closes what it opened; should anything still hold the process, say what and leave.
setTimeout(() => {
  console.error(
    'Still running 5 s after the report; open handles:',
    process.getActiveResourcesInfo(),
  );
  process.exit(process.exitCode ?? 1);
}, 5000).unref();
