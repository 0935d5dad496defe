import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Principal } from '../../server/http/context.ts';
import { limitField, nearestToExhaustion, policyField } from '../../server/quota/headers.ts';
import { parsePolicies } from '../../server/contract/api/quotas.ts';
import { loadPolicies } from '../../server/quota/load-policies.ts';
import { policyFor } from '../../server/quota/policy-for.ts';
import { decisionFrom, slotsFor, type SlotUsage } from '../../server/quota/store.ts';
import { isoSeconds, secondsUntil, windowAt } from '../../server/quota/windows.ts';

const at = (iso: string) => Date.parse(iso);

describe('quota windows', () => {
  it('puts an instant in its UTC day and month', () => {
    assert.deepEqual(windowAt('day', at('2026-01-06T13:45:10.500Z')), {
      name: 'day',
      id: '2026-01-06',
      start: at('2026-01-06T00:00:00Z'),
      end: at('2026-01-07T00:00:00Z'),
    });
    assert.deepEqual(windowAt('month', at('2026-01-06T13:45:10.500Z')), {
      name: 'month',
      id: '2026-01',
      start: at('2026-01-01T00:00:00Z'),
      end: at('2026-02-01T00:00:00Z'),
    });
  });

  it('starts a new day at 00:00 UTC and a new month on the 1st', () => {
    assert.equal(windowAt('day', at('2026-01-31T23:59:59.999Z')).id, '2026-01-31');
    assert.equal(windowAt('day', at('2026-02-01T00:00:00.000Z')).id, '2026-02-01');
    assert.equal(windowAt('month', at('2026-01-31T23:59:59.999Z')).id, '2026-01');
    assert.equal(windowAt('month', at('2026-02-01T00:00:00.000Z')).id, '2026-02');
  });

  it('ends December in the next year and knows leap Februaries', () => {
    assert.equal(windowAt('month', at('2026-12-31T12:00:00Z')).end, at('2027-01-01T00:00:00Z'));
    const leap = windowAt('month', at('2028-02-10T00:00:00Z'));
    assert.equal((leap.end - leap.start) / 86_400_000, 29);
  });

  it('rounds seconds to a reset up and formats instants without milliseconds', () => {
    assert.equal(secondsUntil(at('2026-01-07T00:00:00Z'), at('2026-01-06T23:59:58.001Z')), 2);
    assert.equal(secondsUntil(at('2026-01-07T00:00:00Z'), at('2026-01-06T23:59:58.000Z')), 2);
    assert.equal(secondsUntil(at('2026-01-07T00:00:00Z'), at('2026-01-07T00:00:01Z')), 0);
    assert.equal(isoSeconds(at('2026-01-07T00:00:00Z')), '2026-01-07T00:00:00Z');
  });
});

describe('tiers.json', () => {
  it('holds the spec limits, the free allowance and the test-key limits', () => {
    const limits = Object.fromEntries(Object.entries(loadPolicies()).map(([name, policy]) => [name, policy.limits]));
    assert.deepEqual(limits, {
      free: { day: 1000, month: 1000 },
      developer: { day: 1000, month: 10000 },
      professional: { day: 10000, month: 100000 },
      enterprise: { day: null, month: null },
      test: { day: 100, month: 1000 },
    });
  });

  it('applies the test policy to every svc_test_ key whatever its tier', () => {
    const policies = loadPolicies();
    const principal: Principal = { keyId: 'k', name: null, tier: 'enterprise', scopes: ['read'], test: true };
    assert.equal(policyFor(policies, principal).name, 'test');
    assert.equal(policyFor(policies, { ...principal, test: false }).name, 'enterprise');
    assert.equal(policyFor(policies, { ...principal, tier: 'free', test: false }).name, 'free');
  });

  it('rejects documents that would silently change limits', () => {
    const valid = {
      free: { day: 1, month: 1 },
      developer: { day: 1, month: 1 },
      professional: { day: 1, month: 1 },
      enterprise: { day: null, month: null },
      test: { day: 1, month: 1 },
    };
    const cases: [unknown, string][] = [
      [[], 't.json: the document must be an object'],
      [{ tiers: valid, limits: {} }, 't.json: limits is not a known member (expected "tiers")'],
      [
        { tiers: { ...valid, developr: { day: 1, month: 1 } } },
        't.json: tiers.developr is not a known tier (expected free, developer, professional, enterprise, test)',
      ],
      [{ tiers: { ...valid, test: undefined } }, 't.json: tiers.test must be an object with "day" and "month"'],
      [
        { tiers: { ...valid, free: { day: -1, month: 1 } } },
        't.json: tiers.free.day must be a non-negative integer, or null for unlimited',
      ],
      [
        { tiers: { ...valid, free: { day: 1.5, month: 1 } } },
        't.json: tiers.free.day must be a non-negative integer, or null for unlimited',
      ],
      [
        { tiers: { ...valid, free: { day: '10', month: 1 } } },
        't.json: tiers.free.day must be a non-negative integer, or null for unlimited',
      ],
      [{ tiers: { ...valid, free: { day: 1 } } }, 't.json: tiers.free.month must be a non-negative integer, or null for unlimited'],
      [{ tiers: { ...valid, free: { day: 1, month: 1, week: 1 } } }, 't.json: tiers.free.week is not a window (expected day, month)'],
    ];
    for (const [json, message] of cases) assert.throws(() => parsePolicies(json, 't.json'), { message });
    assert.equal(parsePolicies({ tiers: valid }).developer.limits.day, 1);
  });
});

describe('RateLimit fields', () => {
  const now = at('2026-01-06T23:00:00Z');
  const [day, month] = slotsFor({ name: 'developer', limits: { day: 1000, month: 10000 } }, now);

  it('lists both windows in RateLimit-Policy with their lengths in seconds', () => {
    assert.equal(policyField([day, month]), '"day";q=1000;w=86400, "month";q=10000;w=2678400');
  });

  it('reports the window with the fewest calls left, the later reset on a tie', () => {
    const use = (d: number, m: number): SlotUsage[] => [
      { ...day, used: d },
      { ...month, used: m },
    ];
    assert.equal(limitField(nearestToExhaustion(use(998, 1000)), now), '"day";r=2;t=3600');
    assert.equal(limitField(nearestToExhaustion(use(10, 9995)), now), '"month";r=5;t=2163600');
    assert.equal(nearestToExhaustion(use(0, 9000)).window, 'month');
    // A limit lowered below the count reads as nothing left, never a negative number.
    assert.equal(limitField({ ...day, used: 1200 }, now), '"day";r=0;t=3600');
  });

  it('blames the month when both windows are used up and reset together', () => {
    const lastDay = at('2026-04-30T10:00:00Z');
    const slots = slotsFor({ name: 'professional', limits: { day: 3, month: 5 } }, lastDay);
    assert.equal(slots[0].resetAt, slots[1].resetAt);
    assert.equal(decisionFrom(slots, [3, 5], false, 'memory').violated?.window, 'month');
    assert.equal(decisionFrom(slots, [3, 4], false, 'memory').violated?.window, 'day');
    assert.equal(decisionFrom(slots, [3, 5], true, 'memory').violated, null);
  });

  it('counts no window of an unlimited policy', () => {
    assert.deepEqual(slotsFor({ name: 'enterprise', limits: { day: null, month: null } }, now), []);
  });
});
