import { parentPort, workerData, Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

/** One request of a load run, built beforehand so the client spends nothing on it. */
export interface PreparedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadRunOptions {
  /** http://127.0.0.1:port */
  url: string;
  connections: number;
  durationSec: number;
  /** Sent in turn across all connections, round and round. */
  requests: readonly PreparedRequest[];
}

export interface LoadRunResult {
  durationSec: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx responses a second: the figure the ratios compare. */
  okPerSec: number;
  latencyP50: number;
  latencyP99: number;
  statusCodes: Record<string, number>;
}

/**
 * Runs autocannon in a worker thread, so the load generator and the server under test (this
 * process's main thread) each have a core of the two, and neither waits on the other's event
 * loop. The worker registers tsx itself: Node 20 workers do not inherit tsx's loader.
 */
export function runLoad(options: LoadRunOptions): Promise<LoadRunResult> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const self = import.meta.url;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(self)}); });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    let settled = false;
    worker.once('message', (result: LoadRunResult) => {
      settled = true;
      resolve(result);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with ${code} before reporting`));
    });
  });
}

/** autocannon's own combiner of raw worker results (untyped in @types/autocannon). */
type AggregateResult = (results: unknown[], options: autocannon.Options) => autocannon.Result;

async function workerMain(options: LoadRunOptions) {
  let next = 0;
  const { requests } = options;
  const runOptions: autocannon.Options = {
    url: options.url,
    connections: options.connections,
    duration: options.durationSec,
    requests: [
      {
        setupRequest: (request) => {
          const prepared = requests[next]!;
          next = (next + 1) % requests.length;
          return { ...request, ...prepared };
        },
      },
    ],
  };
  // Off the main thread autocannon hands back raw histograms, as its own workers do; its
  // aggregateResult turns them into the usual result.
  const raw: unknown = await autocannon(runOptions);
  const aggregate = (autocannon as unknown as { aggregateResult: AggregateResult }).aggregateResult;
  const result = aggregate([raw], runOptions);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  const report: LoadRunResult = {
    durationSec: result.duration,
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    okPerSec: result['2xx'] / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    statusCodes,
  };
  parentPort!.postMessage(report);
}

if (parentPort && (workerData as LoadRunOptions | undefined)?.url) {
  await workerMain(workerData as LoadRunOptions);
}
