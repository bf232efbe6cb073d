// The main thread's tasks of one first visit, unthrottled, from a Chromium trace: when each task of
// 3 ms or more starts, how long it runs, and its largest parts (module evaluation, script calls by
// file, style, layout, timers), with the first contentful paint, the app's first-paint mark, and the
// API and offline-runtime requests (sent, answered) to read them against. What the performance notes
// in docs/performance.md quote as "unthrottled" comes from here.
//
//   node test/bench/first-load-tasks.mjs <base URL of a running `interno serve` with INTERNO_DEMO=true> [path] [--visitor]
//
// The path defaults to /user-profile. Pages are opened as the demo customer (logged in through the
// API and stored as the app stores it), or with --visitor as someone who has never signed in (the
// home, a shared profile); the service worker is kept out, as on a first visit.
import { chromium } from 'playwright-core';

const visitor = process.argv.includes('--visitor');
const [base, path = '/user-profile'] = process.argv.slice(2).filter((arg) => arg !== '--visitor');
if (!base) {
  console.error('usage: node test/bench/first-load-tasks.mjs <base URL> [path] [--visitor]');
  process.exit(2);
}
const PARTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet', 'PrePaint', 'Layerize', 'Commit', 'RunMicrotasks']);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const setup = await context.newPage();
  const response = visitor ? null : await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'cliente@interno.demo', password: 'InternoCliente2026!' }),
  });
  if (response && !response.ok) throw new Error(`demo login: ${response.status}`);
  const login = response ? await response.json() : null;
  await setup.goto(`${base}/privacy`);
  await setup.evaluate((user) => {
    if (user) {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('remember_me', 'true');
    }
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, login && { ...login.user, ...login, token_type: 'bearer' });
  const page = await context.newPage();
  await setup.close();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await page.goto(`${base}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 2500))); // the after-paint work
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const start = (events.find((e) => e.name === 'navigationStart') ?? events.find((e) => e.name === 'TracingStartedInBrowser')).ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const main = fcp?.tid;
  const ms = (us) => Math.round(us / 1000);
  console.log(`${path}: first contentful paint at ${fcp ? ms(fcp.ts - start) : '?'} ms`);
  // The moment the app took the page as painted (shared/lib/firstPaint.ts).
  for (const mark of events.filter((e) => e.name === 'interno:first-paint')) console.log(`  app's first-paint mark at ${ms(mark.ts - start)} ms`);
  // The API requests of the load, and the offline runtime's (runtime, Dexie): when each was sent and
  // when its answer began to arrive.
  for (const sent of events.filter((e) => e.name === 'ResourceSendRequest' && /\/api\/|\/assets\/(runtime|dexie)-/.test(e.args?.data?.url ?? ''))) {
    const { requestId, url } = sent.args.data;
    const answered = events.find((e) => e.name === 'ResourceReceiveResponse' && e.args?.data?.requestId === requestId);
    console.log(`  request ${new URL(url).pathname}: sent at ${ms(sent.ts - start)} ms, answer from ${answered ? ms(answered.ts - start) : '?'} ms`);
  }
  for (const task of events.filter((e) => e.name === 'RunTask' && e.tid === main && e.dur >= 3000)) {
    const parts = events
      .filter((e) => e.tid === main && e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur >= 2000 && PARTS.has(e.name))
      .slice(0, 6)
      .map((e) => {
        const what = e.args?.data?.url ? e.args.data.url.split('/').pop() : '';
        return `${e.name}${what ? `(${what})` : ''} ${ms(e.dur)}`;
      });
    console.log(`${String(ms(task.ts - start)).padStart(5)} ms  ${String(ms(task.dur)).padStart(4)} ms  ${parts.join(', ')}`);
  }
} finally {
  await browser.close();
}
