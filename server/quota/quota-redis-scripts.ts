/**
 * Check-and-increment a batch of requests in one atomic step (Redis runs a script without
 * interleaving). Requests come grouped: a group is c requests of one API key with the same
 * counters, and its c checks in a row admit as many as every counter has room for, in order, so
 * Redis does one step per group, not per request. Groups are applied in order; a counter two
 * groups share (the month at a day's turn) carries the first group's increments into the second.
 * KEYS: each group's counters (one per limited window), group after group.
 * ARGV: the number of groups, then per group its number of counters n, its request count c, its n
 * limits and its n expiry instants in ms. Returns, per group, how many were admitted (the first
 * ones) followed by its n counts before the group.
 */
export const CONSUME_BATCH_SCRIPT = `
local cur, added, expiry, order = {}, {}, {}, {}
local out = {}
local k, a = 0, 2
for g = 1, tonumber(ARGV[1]) do
  local n = tonumber(ARGV[a])
  local admit = tonumber(ARGV[a + 1])
  for i = 1, n do
    local key = KEYS[k + i]
    if cur[key] == nil then
      cur[key] = tonumber(redis.call('GET', key)) or 0
      added[key] = 0
      order[#order + 1] = key
    end
    local room = tonumber(ARGV[a + 1 + i]) - cur[key]
    if room < admit then admit = room end
  end
  if admit < 0 then admit = 0 end
  out[#out + 1] = admit
  for i = 1, n do
    local key = KEYS[k + i]
    out[#out + 1] = cur[key]
    if admit > 0 then
      cur[key] = cur[key] + admit
      added[key] = added[key] + admit
      expiry[key] = ARGV[a + 1 + n + i]
    end
  end
  k = k + n
  a = a + 2 + 2 * n
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
