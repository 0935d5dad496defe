import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Request as BrowserRequest } from 'playwright-core';
import { DOCS_CSP, DOCS_PATH } from '../../server/contract/api/docs-mount.ts';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { ROUTE_LIST, ROUTES } from '../../server/routes/route-table.ts';
import { call } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { accessLogLine } from '../helpers/wait-for.ts';

/**
 * The API reference page at /docs over the real snapshot: its HTTP answers, then the page itself in
 * headless Chromium (Debian's `chromium`, driven by playwright-core): it loads with no failed
 * request and none to another host, lists every route of the table, and a call tried from it with
 * a pasted key returns 200.
 */

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
// Skipped only on a developer machine without the browser; in CI a missing browser fails the test.
const BROWSER_SKIP =
  !HAVE_CHROMIUM && !process.env.CI
    ? `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH; CI runs this test`
    : false;
const RENDERER = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const CF = 'MONDO:0009061';

let server: RunningServer;
let keys: Record<string, string>;
let logFile: string;

before(async () => {
  ({ server, keys, logFile } = await startRealServer([{ tier: 'developer', name: 'trial', test: true }]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

describe('GET /docs over HTTP', () => {
  test('the page: no key, HTML with the security headers, revalidated by ETag, logged as /docs', async () => {
    const r = await call(server.url, DOCS_PATH, { headers: { 'x-request-id': 'docs-page-1' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'text/html;charset=utf-8');
    assert.equal(r.headers['content-security-policy'], DOCS_CSP);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.headers['referrer-policy'], 'no-referrer');
    assert.equal(r.headers['x-frame-options'], 'DENY');
    assert.equal(r.headers['cache-control'], 'no-cache');
    assert.equal(r.headers['x-request-id'], 'docs-page-1');
    const html = r.body.toString('utf8');
    assert.match(
      html,
      new RegExp(`<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>\\s*<script src="${DOCS_PATH}/init.js"></script>`),
    );
    assert.doesNotMatch(html, /<script>|<style|https?:\/\//, 'no inline script or style, no absolute URL');
    const line = await accessLogLine(logFile, 'docs-page-1');
    assert.deepEqual([line.route, line.status], [DOCS_PATH, 200]);

    const slash = await call(server.url, `${DOCS_PATH}/`);
    assert.ok(slash.body.equals(r.body));
    const again = await call(server.url, DOCS_PATH, { headers: { 'if-none-match': String(r.headers.etag) } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  test('the renderer: the published bytes, precompressed (brotli), for the OpenAPI document the table names', async () => {
    const r = await call(server.url, `${DOCS_PATH}/swagger-ui-bundle.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'text/javascript');
    assert.equal(r.headers['content-encoding'], 'br');
    assert.equal(r.headers.vary, 'Accept-Encoding');
    assert.equal(r.headers['content-security-policy'], DOCS_CSP);
    assert.ok(brotliDecompressSync(r.body).equals(readFileSync(join(RENDERER, 'swagger-ui-bundle.js'))));
    const init = (await call(server.url, `${DOCS_PATH}/init.js`)).body.toString('utf8');
    assert.match(init, new RegExp(`"url": "${ROUTES.getOpenApi.path}"`));
    assert.match(init, /"validatorUrl": null/);
  });

  test('a missing file is a problem+json 404; a method other than GET or HEAD is a 405', async () => {
    const missing = await call(server.url, `${DOCS_PATH}/nope.js?x=1`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['content-type'], 'application/problem+json; charset=utf-8');
    const p = missing.json();
    assert.deepEqual(
      [p.type, p.instance, p.detail],
      [`${PROBLEM_BASE}not-found`, `${DOCS_PATH}/nope.js`, `No file at ${DOCS_PATH}/nope.js. The API reference page is ${DOCS_PATH}.`],
    );
    assert.equal(p.requestId, missing.headers['x-request-id']);
    const post = await call(server.url, DOCS_PATH, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    assert.equal(post.json().instance, DOCS_PATH);
    // The mount is /docs and below, nothing that merely starts with the same letters.
    assert.equal((await call(server.url, '/docsx')).status, 404);
  });
});

describe('the page in headless Chromium', () => {
  test('loads with no failed request and none off the box, lists every route, and a tried call returns 200', {
    skip: BROWSER_SKIP,
  }, async () => {
    assert.ok(HAVE_CHROMIUM, `CI=${process.env.CI}: the docs page test needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    // --no-sandbox: CI and these machines run as root, where Chromium's sandbox cannot start.
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const origin = new URL(server.url).origin;
      const context = await browser.newContext();
      const offBox: string[] = [];
      // Anything not for this server is recorded and never sent: the test itself stays on the box.
      await context.route('**/*', (route) => {
        if (new URL(route.request().url()).origin === origin) return route.continue();
        offBox.push(route.request().url());
        return route.abort();
      });
      const page = await context.newPage();
      const failed: string[] = [];
      const requested: BrowserRequest[] = [];
      page.on('request', (r) => requested.push(r));
      page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.url()}: ${r.status()}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') failed.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));

      const t0 = performance.now();
      await page.goto(`${server.url}${DOCS_PATH}`);
      await page.waitForFunction((n) => document.querySelectorAll('.opblock').length === n, ROUTE_LIST.length);
      const loadMs = performance.now() - t0;
      const listed = await page.$$eval('.opblock', (blocks) =>
        blocks.map(
          (b) =>
            `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
      assert.deepEqual(listed.sort(), ROUTE_LIST.map((r) => `${r.method ?? 'GET'} ${r.path}`).sort());
      assert.equal(await page.title(), 'Disease Content Service - API reference');

      // Authorize with the key, as a developer pastes it.
      await page.click('.auth-wrapper button.authorize');
      await page.fill('.modal-ux input', keys.trial);
      await page.click('.modal-ux .auth-btn-wrapper button.authorize');
      await page.click('.modal-ux button.btn-done');

      // Try getDiseaseSummary for a real id.
      const op = page.locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${ROUTES.getDiseaseSummary.path}"]`) });
      await op.locator('.opblock-summary-control').click();
      await op.locator('.try-out__btn').click();
      await op.locator('tr[data-param-name="mondoId"] input').fill(CF);
      const t1 = performance.now();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/summary')),
        op.locator('button.execute').click(),
      ]);
      assert.equal(answer.status(), 200);
      assert.equal(decodeURIComponent(new URL(answer.url()).pathname), `/api/v1/diseases/${CF}/summary`);
      assert.equal(await answer.request().headerValue('authorization'), `Bearer ${keys.trial}`);
      assert.equal((await answer.json()).data.name, 'cystic fibrosis');
      await op.locator('.live-responses-table tr.response .response-col_status').waitFor();
      assert.equal((await op.locator('.live-responses-table tr.response .response-col_status').textContent())?.trim(), '200');
      const tryMs = performance.now() - t1;

      assert.deepEqual(offBox, [], 'requests to another host');
      assert.deepEqual(failed, [], 'failed requests, error responses and console errors');
      assert.ok(
        requested.some((r) => new URL(r.url()).pathname === ROUTES.getOpenApi.path),
        'the page fetched the OpenAPI document',
      );
      if (process.env.DOCS_SCREENSHOT) await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: false });
      process.stderr.write(
        `# docs page: rendered ${listed.length} operations in ${loadMs.toFixed(0)} ms; tried call answered in ${tryMs.toFixed(0)} ms; ${requested.length} requests\n`,
      );
    } finally {
      await browser.close();
    }
  });
});
