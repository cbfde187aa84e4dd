/**
 * `npm run bench:web`: builds the web app, prints what the landing page loads up front (the JS and
 * CSS index.html references, gzip), then runs Lighthouse (mobile defaults: Moto G Power emulation,
 * simulated slow 4G, 4x CPU slowdown) against the built site served by the real gateway, using
 * Debian's Chromium. BENCH_RUNS (default 3) Lighthouse runs; the median by performance score is shown;
 * BENCH_RUNS=0 skips Lighthouse. It also prints the dashboard's lazy chunks and fails when any of the
 * dashboard's code is in the landing page's initial load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME_FLAGS, CHROME_PATH } from '../e2e/support/browser';
import { ROOT_DIR, startServer, WEB_DIR } from '../e2e/support/server';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function build(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}

/** Files index.html makes the browser fetch before the app runs: entry scripts, modulepreloads, stylesheets. */
function initialAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(join(WEB_DIR, 'dist', 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith('<script') && / type="module"/.test(tag)) js.push(attr(tag, 'src')!);
    else if (/ rel="modulepreload"/.test(tag)) js.push(attr(tag, 'href')!);
    else if (/ rel="stylesheet"/.test(tag)) css.push(attr(tag, 'href')!);
  }
  return { js: js.filter(Boolean), css: css.filter(Boolean) };
}

function report(kind: string, files: string[]): number {
  let total = 0;
  for (const file of files) {
    const data = readFileSync(join(WEB_DIR, 'dist', file));
    const gz = gzipSync(data, { level: 9 }).length;
    total += gz;
    console.log(`  ${kind} ${file}  ${kb(data.length)} raw, ${kb(gz)} gzip`);
  }
  console.log(`  ${kind} total (gzip): ${kb(total)}`);
  return total;
}

async function runLighthouse(url: string, runs: number): Promise<void> {
  const results: RunnerResult['lhr'][] = [];
  for (let i = 0; i < runs; i++) {
    // chrome-launcher gives each launch a fresh temporary --user-data-dir and removes it afterwards.
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error('Lighthouse returned no result');
      if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
      const score = Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
      console.log(`  run ${i + 1}: performance ${score}`);
    } finally {
      chrome.kill();
    }
  }
  results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = results[Math.floor(results.length / 2)]!;
  const audit = (id: string) => lhr.audits[id]!;
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling), median of ${runs}:`,
  );
  console.log(`  Performance score: ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
  console.log(`  LCP: ${audit('largest-contentful-paint').displayValue}`);
  console.log(`  CLS: ${audit('cumulative-layout-shift').displayValue}`);
  console.log(`  TBT: ${audit('total-blocking-time').displayValue}`);
  console.log(`  FCP: ${audit('first-contentful-paint').displayValue}, Speed Index: ${audit('speed-index').displayValue}`);
  const lcpElement = audit('largest-contentful-paint-element').details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const snippet = lcpElement?.items?.[0]?.items?.[0]?.node?.snippet;
  if (snippet) console.log(`  LCP element: ${snippet.slice(0, 120)}`);
}

/** The staff dashboard's lazy chunks: the shell and the sections it loads on demand. */
const DASHBOARD_CHUNKS = [
  'admin-dashboard',
  'reservations-manager',
  'parties-manager',
  'blocked-dates-manager',
  'menu-admin-section',
  'events-admin-section',
  'gallery-admin-section',
  'business-info-admin-section',
  'admin-access-section',
];
/** Text only the dashboard's code holds: none of it may be in the landing page's initial files. */
const DASHBOARD_MARKERS = [
  'Meeple Haven · Dashboard',
  'Nothing scheduled today',
  'Approve/Reject Party Booking',
  'Date blocked successfully',
  'Category created successfully',
  'Add New Admin Email',
  'Business information updated successfully',
];

function dashboardReport(initial: string[]): void {
  const assets = readdirSync(join(WEB_DIR, 'dist', 'assets'));
  console.log('\nStaff dashboard, loaded only on /admin (gzip):');
  let total = 0;
  for (const name of DASHBOARD_CHUNKS) {
    for (const file of assets.filter((f) => f.startsWith(`${name}-`) && /\.(js|css)$/.test(f))) {
      const gz = gzipSync(readFileSync(join(WEB_DIR, 'dist', 'assets', file)), { level: 9 }).length;
      total += gz;
      console.log(`  ${file}  ${kb(gz)} gzip${name === 'admin-dashboard' && file.endsWith('.js') ? '  (the dashboard chunk)' : ''}`);
    }
  }
  console.log(`  dashboard chunks total (gzip): ${kb(total)} (plus shared vendor chunks such as zod and the date picker)`);
  const leaked = initial.flatMap((file) => {
    const text = readFileSync(join(WEB_DIR, 'dist', file), 'utf8');
    const chunk = DASHBOARD_CHUNKS.some((name) => file.includes(`/${name}-`));
    return [
      ...(chunk ? [`${file} is a dashboard chunk`] : []),
      ...DASHBOARD_MARKERS.filter((m) => text.includes(m)).map((m) => `${file} holds '${m}'`),
    ];
  });
  if (leaked.length > 0) {
    console.log(`  FAIL: dashboard code in the landing page's initial load:\n    ${leaked.join('\n    ')}`);
    process.exitCode = 1;
  } else {
    console.log(`  OK: none of the dashboard's chunks or code is in the landing page's initial load (${initial.length} files checked).`);
  }
}

async function main() {
  console.log('Building web (vite build)…');
  build();
  const { js, css } = initialAssets();
  console.log('\nLanding page, what index.html loads initially (lazy chunks excluded):');
  const jsTotal = report('JS ', js);
  const cssTotal = report('CSS', css);
  console.log(`  JS + CSS (gzip): ${kb(jsTotal + cssTotal)}`);
  dashboardReport([...js, ...css]);

  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (runs === 0) {
    console.log('\nBENCH_RUNS=0: Lighthouse skipped.');
    return;
  }

  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const probe = await fetch(`${server.url}${js[0]}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const encoding = probe.headers.get('content-encoding');
    console.log(`\nThe gateway serves ${js[0]} with content-encoding: ${encoding ?? 'none (uncompressed)'}`);
    console.log(`Lighthouse against ${server.url}/ (the real gateway, SEED_DEMO=true)…`);
    await runLighthouse(`${server.url}/`, runs);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
