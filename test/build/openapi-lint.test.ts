import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { openApiDocument } from '../helpers/openapi-document.ts';
import { ROUTE_LIST } from '../../server/routes/route-table.ts';
import { ROOT } from '../helpers/real-snapshot.ts';

/**
 * `redocly lint` (recommended rules, test/redocly.yaml) on the document the build publishes, written by the
 * build's own writer: no errors. Warnings are printed, not failed on (README, OpenAPI: lint).
 */

type Obj = Record<string, any>;
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const doc = openApiDocument() as Obj;

describe('redocly lint of the OpenAPI document', () => {
  test('reports no errors', async (t) => {
    const file = join(mkdtempSync(join(tmpdir(), 'dcs-lint-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = join(ROOT, 'node_modules/.bin/redocly');
    // Telemetry off (also in test/redocly.yaml) and no update check: the lint reaches nothing off the box.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await promisify(execFile)(bin, ['lint', '--format=json', `--config=${join(ROOT, 'test/redocly.yaml')}`, file], {
      env,
      cwd: ROOT,
      maxBuffer: 16 << 20,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const line = (p: LintProblem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
    for (const p of report.problems.filter((x) => x.severity !== 'error')) t.diagnostic(line(p));
    assert.deepEqual(report.problems.filter((p) => p.severity === 'error').map(line), []);
    assert.equal(report.totals.errors, 0);
  });

  test('public operations and webhook deliveries say they need no key; the one server is relative', () => {
    for (const route of ROUTE_LIST) {
      const op = doc.paths[route.path][(route.method ?? 'GET').toLowerCase()];
      assert.deepEqual(op.security, route.scope === null ? [] : [{ bearerAuth: [] }], route.operationId);
    }
    for (const [event, item] of Object.entries(doc['x-webhooks'] as Obj)) assert.deepEqual(item.post.security, [], event);
    assert.deepEqual(
      doc.servers.map((s: Obj) => s.url),
      ['/'],
    );
  });
});
