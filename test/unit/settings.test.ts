import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { readBuildSettings } from '../../build/build-settings.ts';
import { readSettings, type SettingsError, setting, integer } from '../../server/contract/settings/setting.ts';
import { keysFileOf } from '../../server/keys/key-file.ts';
import { readServerSettings } from '../../server/settings.ts';
import { webhookStoreOf } from '../../server/webhooks/config.ts';
import { README, withGeneratedBlocks } from '../docs/readme-tables.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('settings', () => {
  it('defaults: an empty environment gives every documented default', () => {
    const s = readServerSettings({});
    assert.equal(s.host, '127.0.0.1');
    assert.equal(s.port, 8080);
    assert.equal(s.workers, 1);
    assert.equal(s.keysFile, resolve('.keys.json'));
    assert.equal(s.quotaStore, null);
    assert.equal(s.bodyCacheMb, 256);
    assert.equal(s.shutdownGraceMs, 10_000);
    assert.equal(s.webhookTimeoutMs, 15_000);
    assert.deepEqual(s.webhookRetrySchedule.length, 10);
    assert.equal(s.distDir, resolve(ROOT, 'dist'));
    const b = readBuildSettings({});
    assert.deepEqual(b, {
      dataDir: resolve(ROOT, '../shared/data/raw'),
      editorialDir: resolve(ROOT, 'content/editorial'),
      distDir: resolve(ROOT, 'dist'),
      historyKeep: null,
    });
    assert.deepEqual(readBuildSettings({ HISTORY_KEEP: '3' }).historyKeep, 3);
  });

  it('every bad setting is listed in one message, each with its variable', () => {
    assert.throws(
      () =>
        readServerSettings({
          PORT: '99999',
          WORKERS: 'lots',
          TLS_HTTP2: 'yes',
          QUOTA_STORE: 'memcached://user:secret@host',
          WEBHOOK_JITTER: '2',
        }),
      {
        name: 'SettingsError',
        message: [
          '5 bad settings:',
          '- PORT: must be a whole number from 0 to 65535, got "99999"',
          '- WORKERS: must be a whole number of processes from 1 to 256, or "auto" (one per core), got "lots"',
          "- QUOTA_STORE: must be 'memory' or a Redis URL (redis://, redis+sentinel://, redis+cluster://; rediss for TLS)",
          '- TLS_HTTP2: must be true or false, got "yes"',
          '- WEBHOOK_JITTER: must be a fraction from 0 to below 1',
        ].join('\n'),
      },
    );
  });

  it('rules over several settings are checked once each parses, and listed together', () => {
    const err = (() => {
      try {
        readServerSettings({ WORKERS: '2', TLS_CERT_FILE: 'cert.pem', TLS_HTTP2: 'true' });
      } catch (e) {
        return e as SettingsError;
      }
      assert.fail('no error');
    })();
    assert.deepEqual(err.problems, [
      'TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)',
      'WORKERS=2 needs a quota store the workers share: the embedded one (QUOTA_STORE=memory) counts per process, so each worker would allow a key its whole quota. Set QUOTA_STORE to a Redis URL (redis://host:port/db), or run one worker (WORKERS=1).',
    ]);
  });

  it('the webhook outbox follows a Redis quota store unless WEBHOOK_STORE says otherwise', () => {
    assert.equal(webhookStoreOf(readServerSettings({})), 'file');
    assert.equal(webhookStoreOf(readServerSettings({ QUOTA_STORE: 'redis://h:1/0' })), 'redis://h:1/0');
    assert.equal(webhookStoreOf(readServerSettings({ QUOTA_STORE: 'redis://h:1/0', WEBHOOK_STORE: 'file' })), 'file');
  });

  it('one setting can be read alone (the keys CLI reads KEYS_FILE only, whatever else is set)', () => {
    assert.equal(keysFileOf({ KEYS_FILE: 'k.json', PORT: 'nope' }), resolve('k.json'));
  });

  it('blank values count as unset; a parser message that names its variable is not prefixed twice', () => {
    const table = {
      n: setting('N', '`1`', 'a number', integer(1, 0, 9)),
      d: setting('D', '-', 'named', () => {
        throw new Error('D: bad');
      }),
    };
    assert.throws(() => readSettings(table, { N: '  ', D: 'x' }), { message: '1 bad setting:\n- D: bad' });
  });

  it('QUOTA_FAIL_MODE: one mode for every tier, or tier=mode pairs with unnamed tiers open', () => {
    const modes = (value?: string) => readServerSettings(value === undefined ? {} : { QUOTA_FAIL_MODE: value }).quotaFailMode;
    const every = (mode: string) => ({ free: mode, developer: mode, professional: mode, enterprise: mode });
    assert.deepEqual(modes(), every('open'));
    assert.deepEqual(modes('open'), every('open'));
    assert.deepEqual(modes('closed'), every('closed'));
    assert.deepEqual(modes('free=closed,developer=closed,professional=open'), {
      free: 'closed',
      developer: 'closed',
      professional: 'open',
      enterprise: 'open',
    });
    assert.deepEqual(modes(' free = closed , enterprise=closed'), {
      free: 'closed',
      developer: 'open',
      professional: 'open',
      enterprise: 'closed',
    });
  });

  it('QUOTA_FAIL_MODE: every bad part is named in one message (unknown tier, unknown mode, no pair, a tier twice)', () => {
    const bad = (value: string, parts: string) => {
      const lead = '1 bad setting:\n- QUOTA_FAIL_MODE: must be open, closed, or tier=mode pairs such as free=closed,professional=open: ';
      assert.throws(() => readServerSettings({ QUOTA_FAIL_MODE: value }), { name: 'SettingsError', message: lead + parts });
    };
    bad('gold=closed', '"gold=closed": "gold" is not a tier (free, developer, professional, enterprise)');
    bad('free=shut', '"free=shut": the mode must be open or closed');
    bad('shut', '"shut" is not tier=mode');
    bad('free=closed=open', '"free=closed=open" is not tier=mode');
    bad('free=closed,,professional=open', '"" is not tier=mode');
    bad(
      'free=closed,test=closed,developer=ajar,free=open',
      '"test=closed": "test" is not a tier (free, developer, professional, enterprise); "developer=ajar": the mode must be open or closed; "free=open": free is named twice',
    );
  });

  it('the README settings and tier tables are the ones their modules generate', () => {
    const readme = readFileSync(README, 'utf8');
    assert.equal(withGeneratedBlocks(readme), readme, 'README.md differs from the settings or tier modules: run npm run docs:readme');
    for (const name of ['TIERS_FILE', 'DATA_DIR', 'HISTORY_KEEP', 'WEBHOOK_POLL']) assert.ok(readme.includes(`| \`${name}\` |`), name);
    assert.ok(readme.includes('| professional | `read`, `search`, `bulk`, `webhooks` | 10,000 | 100,000 |'));
  });
});
