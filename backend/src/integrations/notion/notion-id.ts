const DASHLESS = /^[0-9a-f]{32}$/i;
const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Notion URL's last path segment ends in the id, after the title's words: `My-Articles-1f0c…a3b4`. */
const IN_SEGMENT = /(?:^|-)([0-9a-f]{32})$/i;

/**
 * A Notion object id as Quire stores it (32 lower-case hexadecimal digits, no dashes), from what
 * people paste: the id with or without dashes, or the object's link (notion.so, notion.site, any
 * http(s) host), whose path names the object; the `?v=` of a view link is a view, never taken.
 * Null when there is no id in it.
 */
export function notionId(value: string): string | null {
  const text = value.trim();
  if (DASHLESS.test(text) || DASHED.test(text)) return text.replace(/-/g, '').toLowerCase();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  for (const segment of segments.reverse()) {
    const decoded = safeDecode(segment);
    if (DASHED.test(decoded)) return decoded.replace(/-/g, '').toLowerCase();
    const match = IN_SEGMENT.exec(decoded);
    if (match) return match[1].toLowerCase();
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
