import { measurePageWeight, LOGIN_BUDGET_GZIP_BYTES } from './page-weight';

/**
 * npm run bench: each benchmark reports figures and ratios taken in this one run (our machines
 * are shared and noisy, so absolute times are read with care and never asserted in tests).
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  console.log('## Page weight (gzip JavaScript)');
  const weight = await measurePageWeight();
  console.log(`/login before usable: ${kb(weight.loginGzip)} in ${weight.loginFiles.length} files`);
  for (const file of weight.loginFiles) console.log(`  ${file}`);
  console.log(`whole app:            ${kb(weight.wholeAppGzip)}`);
  console.log(
    `ratio /login to budget (110 KB): ${(weight.loginGzip / LOGIN_BUDGET_GZIP_BYTES).toFixed(2)}`,
  );
  console.log(
    `ratio /login to whole app:       ${(weight.loginGzip / weight.wholeAppGzip).toFixed(2)}`,
  );
}

await main();
