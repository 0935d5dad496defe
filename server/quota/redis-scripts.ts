/**
 * Check-and-increment a batch of requests in one atomic step (Redis runs a script without
 * interleaving), in the order given, each seeing the counts the ones before it left: the same
 * decisions as one script call per request, for one round trip and one write per key per batch.
 * KEYS: each request's counters (one per limited window), request after request.
 * ARGV: the number of requests, then per request its number of counters n, its n limits and its n
 * expiry instants in ms. Returns, per request, admitted (1 or 0) followed by its n counts: after
 * the increment when admitted, unchanged when rejected, so a rejected request costs nothing.
 */
export const CONSUME_BATCH_SCRIPT = `
local cur, added, expiry, order = {}, {}, {}, {}
local out = {}
local k, a = 0, 2
for r = 1, tonumber(ARGV[1]) do
  local n = tonumber(ARGV[a])
  local admitted = 1
  for i = 1, n do
    local key = KEYS[k + i]
    if cur[key] == nil then
      cur[key] = tonumber(redis.call('GET', key)) or 0
      added[key] = 0
      order[#order + 1] = key
    end
    if cur[key] >= tonumber(ARGV[a + i]) then admitted = 0 end
  end
  out[#out + 1] = admitted
  for i = 1, n do
    local key = KEYS[k + i]
    if admitted == 1 then
      cur[key] = cur[key] + 1
      added[key] = added[key] + 1
      expiry[key] = ARGV[a + n + i]
    end
    out[#out + 1] = cur[key]
  end
  k = k + n
  a = a + 1 + 2 * n
end
for _, key in ipairs(order) do
  if added[key] > 0 then
    redis.call('INCRBY', key, added[key])
    redis.call('PEXPIREAT', key, expiry[key])
  end
end
return out
`;

/**
 * Undo one admitted request. Only counters that still exist and are positive are decremented: a
 * window that expired meanwhile must not come back as a key without expiry.
 */
export const REFUND_SCRIPT = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]))
  if count and count > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 1
`;
