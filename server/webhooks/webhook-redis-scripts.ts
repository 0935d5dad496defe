/**
 * The Lua scripts of the Redis webhook store: each step that must not interleave with another
 * process's runs as one script. Keys are built from the prefix in ARGV[1]; KEYS[1] is a key of the
 * outbox only to route the call to its node on a Redis Cluster, where the prefix is a hash tag so
 * that every key the script builds is in that one slot (redis-outbox.ts). Layout: ep:<id> hash (cfg JSON, enabled, reason, failing); dl:<id> hash (ep, msg,
 * type, created, status, next, sched, manual, lease) and att:<id> list of attempt JSON; msg:<id>
 * JSON; due:<ep> zset of deliveries by due time (or lease end); due-eps zset of endpoints by their
 * earliest due time; dls:<ep> zset of deliveries by creation; release:last and release:<id>.
 */

// Keep due-eps equal to each endpoint's earliest due entry; fail an endpoint's pending deliveries.
const HELPERS = `
local P = ARGV[1]
local function refresh(ep)
  local first = redis.call('ZRANGE', P .. 'due:' .. ep, 0, 0, 'WITHSCORES')
  if first[1] then redis.call('ZADD', P .. 'due-eps', first[2], ep) else redis.call('ZREM', P .. 'due-eps', ep) end
end
local function disable(ep, reason, ttl)
  redis.call('HSET', P .. 'ep:' .. ep, 'enabled', '0', 'reason', reason)
  for _, id in ipairs(redis.call('ZRANGE', P .. 'due:' .. ep, 0, -1)) do
    redis.call('HSET', P .. 'dl:' .. id, 'status', 'failed', 'next', '', 'manual', '', 'lease', '')
    redis.call('PEXPIRE', P .. 'dl:' .. id, ttl)
    redis.call('PEXPIRE', P .. 'att:' .. id, ttl)
  end
  redis.call('DEL', P .. 'due:' .. ep)
  refresh(ep)
end
`;

/** ARGV: prefix, message ttl, message count, (id, json) per message, then (id, ep, msg, type, created, due) per delivery. Returns how many were new. */
export const ENQUEUE = `${HELPERS}
local ttl = ARGV[2]
local n = tonumber(ARGV[3])
local i = 4
for _ = 1, n do
  redis.call('SET', P .. 'msg:' .. ARGV[i], ARGV[i + 1], 'NX', 'PX', ttl)
  i = i + 2
end
local added = 0
local touched = {}
while i <= #ARGV do
  local id, ep, due = ARGV[i], ARGV[i + 1], ARGV[i + 5]
  local key = P .. 'dl:' .. id
  if redis.call('HGET', P .. 'ep:' .. ep, 'enabled') == '1' and redis.call('EXISTS', key) == 0 then
    redis.call('HSET', key, 'ep', ep, 'msg', ARGV[i + 2], 'type', ARGV[i + 3], 'created', ARGV[i + 4], 'status', 'pending', 'next', due, 'sched', '0', 'manual', '', 'lease', '')
    redis.call('ZADD', P .. 'due:' .. ep, due, id)
    redis.call('ZADD', P .. 'dls:' .. ep, ARGV[i + 4], id)
    touched[ep] = true
    added = added + 1
  end
  i = i + 6
end
for ep in pairs(touched) do refresh(ep) end
return added
`;

/**
 * ARGV: prefix, ep, now, max, lease end. Returns nothing when none was claimed, else the endpoint's
 * hash (flat) followed by, per delivery claimed, {id, its hash (flat), its attempts, its message}:
 * all a sender needs in the reply of the step that claimed, so a claim is never made without the
 * claimant learning of it (unless that very reply is lost) and left to wait for its lease to lapse.
 */
export const CLAIM = `${HELPERS}
local ep, lease = ARGV[2], ARGV[5]
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', P .. 'due:' .. ep, '-inf', ARGV[3], 'LIMIT', 0, tonumber(ARGV[4]))) do
  if redis.call('HGET', P .. 'dl:' .. id, 'status') == 'pending' and redis.call('HGET', P .. 'ep:' .. ep, 'enabled') == '1' then
    redis.call('ZADD', P .. 'due:' .. ep, lease, id)
    redis.call('HSET', P .. 'dl:' .. id, 'lease', lease)
    out[#out + 1] = id
  else
    redis.call('ZREM', P .. 'due:' .. ep, id)
  end
end
refresh(ep)
if #out == 0 then return {} end
local reply = { redis.call('HGETALL', P .. 'ep:' .. ep) }
for _, id in ipairs(out) do
  local msg = redis.call('GET', P .. 'msg:' .. redis.call('HGET', P .. 'dl:' .. id, 'msg'))
  reply[#reply + 1] = { id, redis.call('HGETALL', P .. 'dl:' .. id), redis.call('LRANGE', P .. 'att:' .. id, 0, -1), msg }
end
return reply
`;

/**
 * ARGV: prefix, ep, id, lease end, attempt JSON, status, next ('' when none), scheduled count,
 * retention ms, failing ('' unchanged, 'clear', or ms to set when unset), disable reason ('' none).
 */
export const COMPLETE = `${HELPERS}
local ep, id, lease, status, next = ARGV[2], ARGV[3], ARGV[4], ARGV[6], ARGV[7]
local key = P .. 'dl:' .. id
if redis.call('EXISTS', key) == 0 then return 0 end
redis.call('RPUSH', P .. 'att:' .. id, ARGV[5])
redis.call('HSET', key, 'status', status, 'next', next, 'sched', ARGV[8], 'manual', '', 'lease', '')
-- Only the holder of the claim moves the delivery in the queue; a lapsed claim records its attempt only.
if redis.call('ZSCORE', P .. 'due:' .. ep, id) == lease then
  if status == 'pending' then redis.call('ZADD', P .. 'due:' .. ep, next, id) else redis.call('ZREM', P .. 'due:' .. ep, id) end
end
if status == 'pending' then
  redis.call('PERSIST', key)
  redis.call('PERSIST', P .. 'att:' .. id)
else
  redis.call('PEXPIRE', key, ARGV[9])
  redis.call('PEXPIRE', P .. 'att:' .. id, ARGV[9])
end
local epKey = P .. 'ep:' .. ep
if redis.call('EXISTS', epKey) == 1 then
  if ARGV[10] == 'clear' then redis.call('HSET', epKey, 'failing', '')
  elseif ARGV[10] ~= '' and redis.call('HGET', epKey, 'failing') == '' then redis.call('HSET', epKey, 'failing', ARGV[10]) end
  if ARGV[11] ~= '' then disable(ep, ARGV[11], ARGV[9]) end
end
refresh(ep)
return 1
`;

/** ARGV: prefix, ep, cfg JSON, enabled ('1'/'0'), reason, failing, retention ms. */
export const SET_ENDPOINT = `${HELPERS}
local ep = ARGV[2]
local key = P .. 'ep:' .. ep
if redis.call('EXISTS', key) == 0 then return 0 end
redis.call('HSET', key, 'cfg', ARGV[3], 'enabled', ARGV[4], 'reason', ARGV[5], 'failing', ARGV[6])
if ARGV[4] == '0' then disable(ep, ARGV[5], ARGV[7]) end
return 1
`;

/** ARGV: prefix, ep, id, now, message ttl. Returns 0 (unknown), 1 (queued) or 2 (already under way or due). */
export const RETRY = `${HELPERS}
local ep, id, now = ARGV[2], ARGV[3], tonumber(ARGV[4])
local key = P .. 'dl:' .. id
if redis.call('HGET', key, 'ep') ~= ep then return 0 end
local d = redis.call('HMGET', key, 'status', 'next', 'lease', 'msg')
if d[3] ~= '' and tonumber(d[3]) > now then return 2 end
if d[1] == 'pending' and d[2] ~= '' and tonumber(d[2]) <= now then return 2 end
redis.call('HSET', key, 'manual', d[1], 'status', 'pending', 'next', ARGV[4], 'lease', '')
redis.call('PERSIST', key)
redis.call('PERSIST', P .. 'att:' .. id)
redis.call('PEXPIRE', P .. 'msg:' .. d[4], ARGV[5])
redis.call('ZADD', P .. 'due:' .. ep, now, id)
refresh(ep)
return 1
`;

/**
 * ARGV: prefix, release id. Records it done and, when newer, as the last release. The done mark
 * only has to outlive the processes that might still try to announce the release (they compare
 * with release:last first), so it expires after 30 days instead of piling up.
 */
export const FINISH_RELEASE = `
local P = ARGV[1]
redis.call('SET', P .. 'release:' .. ARGV[2], 'done', 'PX', 2592000000)
local last = redis.call('GET', P .. 'release:last')
-- Release ids are r<n>, ordered by n as releaseOrder() orders them (anything else first).
local function order(id) return tonumber(string.match(id, '^r(%d+)$') or '0') end
if not last or order(last) < order(ARGV[2]) then redis.call('SET', P .. 'release:last', ARGV[2]) end
return 1
`;
