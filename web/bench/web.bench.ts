/**
 * `npm run bench:web`: builds the web app, prints what the landing page loads up front (its prerendered
 * HTML, and the JS and CSS that references, gzip; over LANDING_BUDGET_KB fails), then runs Lighthouse (mobile defaults:
 * Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) against the built site served by the
 * real gateway, using Debian's Chromium. BENCH_RUNS (default 3) Lighthouse runs; each run's figures
 * are printed, then the median run by performance score: the four category scores, LCP, TBT, CLS and
 * the main-thread tasks over 50 ms. BENCH_RUNS=0 skips Lighthouse. It also prints the dashboard's lazy
 * chunks and fails when any of the dashboard's code is in the landing page's initial load.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { BASE_CHROME_FLAGS, FULL_CHROME_PATH } from '../e2e/support/browser';
import { buildIfStale, ROOT_DIR, startServer, WEB_DIR } from '../e2e/support/server';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function build(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}

/**
 * Files the landing page (landing.html, the prerendered page served for `/`, else index.html) makes
 * the browser fetch for the app to run: entry scripts (its boot script and the app's entry it
 * imports), modulepreloads, stylesheets (blocking or preloaded), and the CSS it inlines in <style>.
 */
function initialAssets(): { html: string; js: string[]; css: string[]; inlineCss: string } {
  const landing = join(WEB_DIR, 'dist', 'landing.html');
  const page = existsSync(landing) ? 'landing.html' : 'index.html';
  const html = readFileSync(join(WEB_DIR, 'dist', page), 'utf8');
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link|meta)\b[^>]*>/g) ?? [];
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith('<script') && / type="module"/.test(tag)) js.push(attr(tag, 'src')!);
    else if (/ rel="modulepreload"/.test(tag)) js.push(attr(tag, 'href')!);
    else if (/ name="app-entry"/.test(tag)) js.push(attr(tag, 'content')!);
    else if (/ rel="stylesheet"/.test(tag) || (/ rel="preload"/.test(tag) && / as="style"/.test(tag))) css.push(attr(tag, 'href')!);
  }
  return { html: page, js: js.filter(Boolean), css: css.filter(Boolean), inlineCss };
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

/** The most the landing page's HTML, JS and CSS may weigh together up front (gzip). */
const LANDING_BUDGET_KB = 120;

/** The chunk of the sections below the hero (routes/landing-sections.tsx): fetched as the page hydrates, not up front. */
function belowTheHeroReport(): void {
  const assets = readdirSync(join(WEB_DIR, 'dist', 'assets')).filter((f) => f.startsWith('landing-sections-') && /\.(js|css)$/.test(f));
  for (const file of assets) {
    const gz = gzipSync(readFileSync(join(WEB_DIR, 'dist', 'assets', file)), { level: 9 }).length;
    console.log(`  after hydrating, below the hero: /assets/${file}  ${kb(gz)} gzip`);
  }
}

type Lhr = RunnerResult['lhr'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.displayValue ?? 'n/a';

/** Main-thread tasks of 50 ms or more while the page loaded (Lighthouse's long-tasks diagnostic). */
function longTasks(lhr: Lhr): { url: string; duration: number; startTime: number }[] {
  const details = lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined;
  return (details?.items ?? []).filter((t) => t.duration >= 50);
}

function runLine(lhr: Lhr): string {
  const scores = CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ');
  return `${scores}; LCP ${metric(lhr, 'largest-contentful-paint')}, TBT ${metric(lhr, 'total-blocking-time')}, CLS ${metric(lhr, 'cumulative-layout-shift')}`;
}

async function runLighthouse(url: string, runs: number): Promise<Lhr> {
  const results: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    // chrome-launcher gives each launch a fresh temporary --user-data-dir and removes it afterwards.
    const chrome = await chromeLauncher.launch({ chromePath: FULL_CHROME_PATH, chromeFlags: BASE_CHROME_FLAGS, logLevel: 'silent' });
    try {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error('Lighthouse returned no result');
      if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
      console.log(`  run ${i + 1}: ${runLine(result.lhr)}`);
    } finally {
      chrome.kill();
    }
  }
  results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const lhr = results[Math.floor(results.length / 2)]!;
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling), median of ${runs} by performance:`,
  );
  console.log(`  Scores: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}`);
  // Runs vary on a shared CPU: the median of each metric over all runs, beside the median run's own.
  const medianOf = (id: string) => {
    const values = results.map((r) => r.audits[id]?.numericValue ?? 0).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  console.log(
    `  Per-metric medians of ${runs}: LCP ${(medianOf('largest-contentful-paint') / 1000).toFixed(1)} s, TBT ${Math.round(medianOf('total-blocking-time'))} ms, CLS ${medianOf('cumulative-layout-shift').toFixed(3)}`,
  );
  console.log(`  LCP: ${metric(lhr, 'largest-contentful-paint')}`);
  console.log(`  TBT: ${metric(lhr, 'total-blocking-time')}`);
  console.log(`  CLS: ${metric(lhr, 'cumulative-layout-shift')}`);
  console.log(`  FCP: ${metric(lhr, 'first-contentful-paint')}, Speed Index: ${metric(lhr, 'speed-index')}`);
  // Lighthouse 13 names the LCP element in its LCP breakdown insight: a list whose node item is the element.
  const lcpBreakdown = lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; snippet?: string }[] } | undefined;
  const snippet = lcpBreakdown?.items?.find((item) => item.type === 'node')?.snippet;
  if (snippet) console.log(`  LCP element: ${snippet.slice(0, 120)}`);
  const tasks = longTasks(lhr);
  console.log(`  Main-thread tasks ≥ 50 ms during load (4x CPU slowdown): ${tasks.length}`);
  for (const t of tasks) console.log(`    ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms  ${t.url}`);
  const failed = CATEGORIES.flatMap((c) => {
    const audits = lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 0.9) ?? [];
    return audits.map((r) => `${c}: ${lhr.audits[r.id]?.title}`);
  });
  if (failed.length > 0) console.log(`  Audits below 90: ${failed.slice(0, 12).join('; ')}`);
  const report = join(tmpdir(), 'bench-web-lighthouse.json');
  writeFileSync(report, JSON.stringify(lhr));
  console.log(`  Full report of this run (open in the Lighthouse viewer): ${report}`);
  return lhr;
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
  const { html, js, css, inlineCss } = initialAssets();
  console.log('\nLanding page, what it loads initially (lazy chunks excluded):');
  // The page itself counts: its prerendered markup is what the visitor downloads before anything else.
  const htmlTotal = report('HTML', [html]);
  const jsTotal = report('JS ', js);
  const cssTotal = report('CSS', css);
  const inlineGz = inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0;
  if (inlineCss) console.log(`  of the HTML, CSS inlined (critical: top bar and hero): ${kb(inlineCss.length)} raw, ${kb(inlineGz)} gzip`);
  const split = `HTML ${kb(htmlTotal)} + JS ${kb(jsTotal)} + CSS ${kb(cssTotal)}`;
  console.log(`  HTML + JS + CSS (gzip): ${kb(htmlTotal + jsTotal + cssTotal)} (${split})`);
  if (htmlTotal + jsTotal + cssTotal > LANDING_BUDGET_KB * 1024) {
    console.log(`  FAIL: over the landing page's budget of ${LANDING_BUDGET_KB} KB`);
    process.exitCode = 1;
  }
  belowTheHeroReport();
  dashboardReport([...js, ...css]);

  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (runs === 0) {
    console.log('\nBENCH_RUNS=0: Lighthouse skipped.');
    return;
  }

  buildIfStale();
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const probe = await fetch(`${server.url}${js[0]}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const encoding = probe.headers.get('content-encoding');
    console.log(`\nThe gateway serves ${js[0]} with content-encoding: ${encoding ?? 'none (uncompressed)'}`);
    console.log(`Lighthouse against ${server.url}/ (the real gateway, SEED_DEMO=true)…`);
    const lhr = await runLighthouse(`${server.url}/`, runs);
    console.log(`\nSummary: landing HTML + JS + CSS ${kb(htmlTotal + jsTotal + cssTotal)} gzip (${split}); ${runLine(lhr)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
