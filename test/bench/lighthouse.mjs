// Lighthouse (mobile profile, its default simulated throttling) against the built binary, in
// Debian's Chromium: the guest home `/`, a designer's public profile `/profile/{id}` and the
// signed-in customer profile `/user-profile`. Part of `make bench`, never of `make test`.
//
// It starts bin/interno (INTERNO_BIN) on a free loopback port with the demo data, runs each page
// LIGHTHOUSE_RUNS times (default 3) in a fresh browser profile each time (a first visit), and
// prints the median run's scores, LCP/TBT/CLS and bytes on the wire, plus every audit that cost
// points. The median run's full report is written to bench/out/lighthouse/<page>.json.
//
// Each page is measured twice (LIGHTHOUSE_VIA=https,http by default; either alone when named):
// first as a phone reaches a deployment, over HTTPS and HTTP/2 through a TLS-terminating proxy
// (test/bench/tlsfront, the bench's stand-in for the proxy docs/operations.md asks for; Chromium
// accepts its certificate by fingerprint), then straight to the binary over cleartext HTTP/1.1
// (reports <page>.http1.json). Lantern, Lighthouse's simulator, models what each protocol costs:
// over HTTP/1.1 at most six connections, each request a round trip of its own at 150 ms
// (pessimistic for a phone); over HTTP/2 one connection, one more round trip for TLS, then each
// request its bytes only (optimistic). docs/performance.md has both sides' figures.
//
// Signed in: the demo customer logs in through the API, and the answer is stored as the app
// stores it (localStorage `user`, `remember_me`, and the cookie choice of a returning visitor),
// from /robots.txt so that no page of the app (and no service worker) runs before Lighthouse.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '../..');
const bin = process.env.INTERNO_BIN ?? join(root, 'bin/interno');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const outDir = join(root, 'bench/out/lighthouse');
const keepTrace = process.env.LIGHTHOUSE_TRACE === '1';
// Debian's Chromium with the flags of STACK.md; chrome-launcher adds its own quiet defaults.
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const CUSTOMER = { email: 'cliente@interno.demo', password: 'InternoCliente2026!' };

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => ok(port));
    });
  });
}

async function startServer(tls) {
  const port = await freePort();
  const direct = `http://127.0.0.1:${port}`;
  // The front listens first (on a port of its choosing) so interno can be told its address.
  const front = tls ? await startFront(direct) : null;
  const base = front ? front.base : direct;
  const dataDir = mkdtempSync(join(tmpdir(), 'interno-lh-'));
  const proc = spawn(bin, ['serve'], {
    env: { ...process.env, INTERNO_ADDR: `127.0.0.1:${port}`, INTERNO_DATA_DIR: dataDir, INTERNO_BASE_URL: base,
      INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off', INTERNO_LOG_LEVEL: 'warn', INTERNO_DATABASE_URL: '',
      ...(tls ? { INTERNO_TRUSTED_PROXIES: '127.0.0.1' } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    for (const p of [front?.proc, proc]) {
      if (!p || p.exitCode !== null || p.signalCode !== null) continue;
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`interno exited with ${proc.exitCode}`);
      try {
        const res = await fetch(`${direct}/api/designers?limit=1`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('interno did not start in 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, direct, spki: front?.spki, stop };
}

/**
 * The TLS-terminating proxy of a deployment (test/bench/tlsfront): HTTPS and HTTP/2 to the
 * browser, HTTP/1.1 to interno. Resolves with its address and its certificate's SPKI fingerprint
 * once it listens; rejects (and leaves nothing running) if it cannot be built or started.
 */
async function startFront(target) {
  const dir = mkdtempSync(join(tmpdir(), 'interno-tlsfront-'));
  const exe = join(dir, 'tlsfront');
  try {
    await new Promise((ok, fail) => {
      const b = spawn('go', ['build', '-o', exe, './test/bench/tlsfront'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
      b.once('error', fail);
      b.once('exit', (code) => (code === 0 ? ok(undefined) : fail(new Error(`go build tlsfront: exit ${code}`))));
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const proc = spawn(exe, ['-listen', '127.0.0.1:0', '-target', target], { stdio: ['ignore', 'pipe', 'inherit'] });
  proc.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const listening = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('tlsfront did not listen in 30 s')), 30_000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /^LISTEN (\S+) SPKI (\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ base: m[1], spki: m[2] });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`tlsfront exited with ${code}`));
    });
  }).catch((error) => {
    if (proc.exitCode === null) proc.kill('SIGTERM');
    throw error;
  });
  return { proc, ...listening };
}

async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Stores the login answer the way the app does, on the origin, without running the app. */
async function signIn(port, base, user) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('remember_me', 'true');
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, user);
  await page.close();
  await browser.close(); // disconnects; the browser stays for Lighthouse
}

/** One Lighthouse run in a fresh browser profile. */
async function run(url, user, base, spki) {
  // The bench's certificate is accepted by its fingerprint alone (chrome-launcher's profile
  // directory is the --user-data-dir the flag needs): the page loads with no certificate error.
  const flags = spki ? [...chromeFlags, `--ignore-certificate-errors-spki-list=${spki}`] : chromeFlags;
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: flags });
  try {
    if (user) await signIn(chrome.port, base, user);
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(user),
    });
    if (!result) throw new Error(`no result for ${url}`);
    // The trace is kept only when asked for (LIGHTHOUSE_TRACE=1): it is large.
    if (keepTrace) Object.defineProperty(result.lhr, 'trace', { value: result.artifacts.Trace, enumerable: false });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * A run that measured the page: Lighthouse 12.2.3 with Debian's Chromium now and then answers a
 * runtime error (NO_NAVSTART, NO_FCP) and no metrics for a page that loaded; such a run is tried again
 * (up to 3 times) instead of counting as a score of 0.
 */
async function runMeasured(url, user, base, spki) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    lhr = await run(url, user, base, spki);
    if (!lhr.runtimeError) return lhr;
    console.log(`NOTE ${new URL(url).pathname}: run ${attempt} gave no figures (${lhr.runtimeError.code}), trying again`);
  }
  return lhr;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function summary(lhr) {
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue ?? NaN;
  const rs = a['resource-summary']?.details?.items ?? [];
  const bytesOf = (type) => rs.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    lcp: num('largest-contentful-paint'),
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    bytes: { total: bytesOf('total'), script: bytesOf('script'), document: bytesOf('document'),
      stylesheet: bytesOf('stylesheet'), font: bytesOf('font'), image: bytesOf('image'), requests: rs.find((i) => i.resourceType === 'total')?.requestCount ?? 0 },
    runtimeError: lhr.runtimeError?.message,
  };
}

/** Audits that cost points in a category, then those that could not run (one line). */
function losses(lhr) {
  const out = [];
  const failed = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        out.push(`${c}: ${ref.id} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
      } else if (audit?.errorMessage) {
        failed.push(ref.id);
      }
    }
  }
  // Lighthouse 12.2.3 cannot read some trace events of Chromium 156: these
  // diagnostics do not run; the metrics and scores do.
  if (failed.length > 0) out.push(`diagnostics that did not run: ${failed.join(', ')}`);
  return out;
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** The two ways the pages are reached, in the order they run (LIGHTHOUSE_VIA picks: https, http). */
const VIAS = {
  // As deployed: a TLS-terminating proxy in front (docs/operations.md), HTTP/2 to the phone.
  https: { tls: true, label: 'https/h2', suffix: '' },
  // Straight to `interno serve`, as `make run` serves it: cleartext HTTP/1.1, six connections.
  http: { tls: false, label: 'http/1.1', suffix: '.http1' },
};

async function measure(viaName, only) {
  const via = VIAS[viaName];
  if (!via) throw new Error(`LIGHTHOUSE_VIA: unknown ${viaName} (https, http)`);
  const server = await startServer(via.tls);
  try {
    const { base, direct, spki } = server;
    const list = await json(`${direct}/api/designers?limit=1`);
    const designerId = (list.designers ?? list.items ?? list)[0]?.id;
    if (!designerId) throw new Error(`no designer in ${JSON.stringify(list).slice(0, 200)}`);
    const login = await json(`${direct}/api/auth/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...CUSTOMER, remember_me: true }),
    });
    const pages = [
      { name: 'home', path: '/' },
      { name: 'profile', path: `/profile/${designerId}` },
      { name: 'user-profile', path: '/user-profile', user: login },
    ].filter((p) => only.length === 0 || only.includes(p.name));
    for (const p of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await runMeasured(base + p.path, p.user, base, spki));
      results.sort((x, y) => (x.categories.performance?.score ?? 0) - (y.categories.performance?.score ?? 0));
      const median = results[Math.floor(results.length / 2)];
      writeFileSync(join(outDir, `${p.name}${via.suffix}.json`), JSON.stringify(median));
      if (median.trace) writeFileSync(join(outDir, `${p.name}${via.suffix}.trace.json`), JSON.stringify(median.trace));
      const s = summary(median);
      const perfs = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join('/');
      const where = `${p.path.padEnd(16)} ${via.label}`;
      console.log(`LIGHTHOUSE ${where} performance=${s.scores.performance} (runs ${perfs}) accessibility=${s.scores.accessibility} ` +
        `best-practices=${s.scores['best-practices']} seo=${s.scores.seo} LCP=${(s.lcp / 1000).toFixed(2)}s ` +
        `FCP=${(s.fcp / 1000).toFixed(2)}s TBT=${Math.round(s.tbt)}ms CLS=${s.cls.toFixed(3)} SI=${(s.si / 1000).toFixed(2)}s ` +
        `benchmark-index=${Math.round(median.environment?.benchmarkIndex ?? 0)}`);
      console.log(`WIRE ${where} total=${kb(s.bytes.total)} in ${s.bytes.requests} requests: script=${kb(s.bytes.script)} ` +
        `document=${kb(s.bytes.document)} css=${kb(s.bytes.stylesheet)} font=${kb(s.bytes.font)} image=${kb(s.bytes.image)}`);
      if (s.runtimeError) console.log(`NOTE ${where}: runtime error: ${s.runtimeError}`);
      for (const l of losses(median)) console.log(`NOTE ${where} ${l}`);
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  const vias = (process.env.LIGHTHOUSE_VIA ?? 'https,http').split(',').filter(Boolean);
  console.log(`NOTE lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
    `mobile profile, simulated throttling, median of ${runs} runs by performance score, Chromium at /usr/bin/chromium, ` +
    `via ${vias.map((v) => VIAS[v]?.label ?? v).join(' then ')}`);
  for (const via of vias) await measure(via, only);
}

await main();
