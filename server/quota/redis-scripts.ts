/**
 * Check-and-increment both windows in one atomic step (Redis runs a script without interleaving).
 * KEYS: one counter per limited window. ARGV: the limits, then the expiry instants in ms, in KEYS
 * order. Returns {admitted (1 or 0), count per key}: counts after the increment when admitted,
 * unchanged when rejected, so a rejected request costs nothing.
 */
export const CONSUME_SCRIPT = `
local n = #KEYS
local counts = redis.call('MGET', unpack(KEYS))
for i = 1, n do
  counts[i] = tonumber(counts[i]) or 0
end
for i = 1, n do
  if counts[i] >= tonumber(ARGV[i]) then
    return {0, unpack(counts)}
  end
end
for i = 1, n do
  counts[i] = redis.call('INCR', KEYS[i])
  redis.call('PEXPIREAT', KEYS[i], ARGV[n + i])
end
return {1, unpack(counts)}
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
