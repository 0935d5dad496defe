import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Dispatcher } from '../../server/webhooks/dispatcher.ts';
import { type ClaimedDelivery, StoreUnavailableError, type WebhookStore } from '../../server/webhooks/webhook-types.ts';

const NOW = 1_800_000_000_000;

function claimed(leaseUntil: number): ClaimedDelivery {
  return {
    delivery: {
      id: 'dlv_1',
      endpointId: 'ep_1',
      msgId: 'msg_1',
      type: 'webhook.test',
      status: 'pending',
      attempts: [],
      nextAttemptAt: NOW,
      scheduled: 0,
      manual: null,
      createdAt: NOW,
    },
    message: { id: 'msg_1', type: 'webhook.test', disease: null, body: '{}', createdAt: NOW },
    endpoint: {
      id: 'ep_1',
      owner: 'key_1',
      url: 'https://hooks.example/',
      events: null,
      diseases: null,
      description: null,
      enabled: true,
      disabledReason: null,
      secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', expiresAt: null }],
      failingSince: null,
      createdAt: NOW,
      updatedAt: NOW,
    },
    leaseUntil,
  };
}

/**
 * One due delivery, sent once with a 200; `complete` fails as the store does while Redis fails over
 * (`failures` times), then succeeds. Resolves with what happened once the dispatcher settled.
 */
async function deliverThrough(failures: number, leaseUntil: number) {
  const c = claimed(leaseUntil);
  let given = false;
  const completions: string[] = [];
  const errors: Error[] = [];
  const outcomes: string[] = [];
  let settled: () => void = () => {};
  const done = new Promise<void>((r) => (settled = r));
  const store = {
    dueEndpoints: async () => (given ? [] : ['ep_1']),
    claim: async () => {
      if (given) return [];
      given = true;
      return [c];
    },
    nextDue: async () => null,
    complete: async (_c: ClaimedDelivery, o: { status: string }) => {
      if (completions.length < failures) {
        completions.push('unavailable');
        throw new StoreUnavailableError('the webhook outbox in Redis does not answer (Connection is closed.)');
      }
      completions.push(o.status);
    },
  } as unknown as WebhookStore;
  const d = new Dispatcher({
    store,
    policy: { allow: new Set(), allowHttp: false, resolver: async () => [] },
    rules: { schedule: [0, 5000], jitter: 0, disableAfterMs: 86_400_000 },
    timeoutMs: 1000,
    concurrency: 4,
    perEndpoint: 4,
    pollMs: 60_000,
    onError: (err) => {
      errors.push(err);
      settled();
    },
    onOutcome: (status) => {
      outcomes.push(status);
      settled();
    },
    send: async () => ({ status: 200, headers: {}, durationMs: 3, error: null }),
    now: () => NOW,
  });
  d.start();
  await done;
  await d.stop(1000);
  return { completions, errors: errors.map((e) => e.name), outcomes };
}

describe('Dispatcher: recording an attempt while the store fails over', () => {
  it('tries the completion again until the store answers, so the delivery is not sent twice', async () => {
    assert.deepEqual(await deliverThrough(2, NOW + 60_000), {
      completions: ['unavailable', 'unavailable', 'delivered'],
      errors: [],
      outcomes: ['delivered'],
    });
  });

  it('gives up when the claim is about to lapse (another process may take the delivery up)', async () => {
    assert.deepEqual(await deliverThrough(2, NOW + 1000), {
      completions: ['unavailable'],
      errors: ['StoreUnavailableError'],
      outcomes: [],
    });
  });
});
