/** What a sitemap file holds: child sitemaps (an index) or page URLs (a urlset). */
export interface SitemapContent {
  kind: 'index' | 'urlset' | 'none';
  locations: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Reads `<loc>` entries of a sitemap or sitemap index (sitemaps.org); anything else is 'none'. */
export function parseSitemap(xml: string): SitemapContent {
  const kind = /<sitemapindex[\s>]/i.test(xml) ? 'index' : /<urlset[\s>]/i.test(xml) ? 'urlset' : 'none';
  if (kind === 'none') return { kind, locations: [] };
  const locations: string[] = [];
  for (const match of xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/loc>/gi)) {
    const value = match[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]).trim();
    if (value) locations.push(value);
  }
  return { kind, locations };
}

/** True when a body looks like a sitemap rather than a page. */
export function looksLikeSitemap(contentType: string, body: string): boolean {
  return /xml/.test(contentType) || /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(urlset|sitemapindex)[\s>]/i.test(body);
}
