const NOT_PAGES = /\.(pdf|jpe?g|png|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|mp3|mp4|mov|avi|woff2?|ttf|eot|docx?|xlsx?|pptx?)$/i;

/** Same site: the same host, with or without a leading "www.". */
export function sameSite(a: URL, b: URL): boolean {
  const bare = (host: string) => host.replace(/^www\./, '');
  return bare(a.hostname) === bare(b.hostname);
}

/** The folder a URL names ("/blog/post.html" → "/blog/"): a crawl stays inside it. */
export function folderOf(url: URL): string {
  return url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
}

/** A crawl key for a URL: no fragment, so `#top` links do not count as new pages. */
export function canonicalUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/**
 * The same-site http(s) links of a page, in document order, without fragments, assets or
 * files. A regular expression is enough here: a missed link only means a page found later.
 */
export function extractLinks(html: string, base: URL, site: URL): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = (match[1] ?? match[2] ?? match[3] ?? '').trim().replace(/&amp;/g, '&');
    if (!raw || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameSite(url, site) || NOT_PAGES.test(url.pathname)) continue;
    links.add(canonicalUrl(url));
  }
  return [...links];
}
