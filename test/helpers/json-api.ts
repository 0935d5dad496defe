/** A JSON request: method, key, body (an object is sent as JSON; a string as it is). */
export async function api(
  base: string,
  path: string,
  o: { method?: string; key?: string; body?: unknown; contentType?: string } = {},
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const headers: Record<string, string> = {};
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  if (o.body !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
  const res = await fetch(base + path, {
    method: o.method ?? 'GET',
    headers,
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}
