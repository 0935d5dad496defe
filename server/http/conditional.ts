/**
 * If-None-Match evaluation (RFC 9110 §13.1.2): weak comparison, so W/"x" and "x" match; a list
 * matches if any member does; `*` matches any current representation.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const t = raw.trim();
    if ((t.startsWith('W/') ? t.slice(2) : t) === opaque) return true;
  }
  return false;
}
