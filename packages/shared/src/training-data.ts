/**
 * The shapes shared by the crawler, the parser, the clustering and the snapshots (spec §3).
 * A block's text is plain text (inline markup flattened, whitespace collapsed).
 */
export type ContentBlock = { type: 'p' | 'h3' | 'blockquote' | 'code'; text: string } | { type: 'ul' | 'ol'; items: string[] } | { type: 'hr' };

export interface ParsedSection {
  /** The section heading's text as it reads on the page (an h2, or h3/h4 when the article's outline uses them). */
  heading: string;
  /** The blocks between this heading and the next one of its level. */
  children: ContentBlock[];
}

export interface ParsedArticle {
  /** The page's final URL (after redirects), without its fragment. */
  url: string;
  /** The headline the page states (its h1 weighed against og:title, JSON-LD and `<title>`). */
  title: string;
  /** The blocks before the first section; the whole body when the article has no sub-headings. */
  intro: ContentBlock[];
  /** `yyyy-MM-dd` of first publication (JSON-LD, meta tags, `<time>`, else the URL's path); null when the page gives none. */
  publishedDate: string | null;
  /** Empty for an intro-only article. */
  sections: ParsedSection[];
}

/** A page is either an article or skipped with a short reason ("no article content", …). */
export type ParseResult = { article: ParsedArticle } | { skipped: string };

/** One entry of a cluster (spec §3 "Section item"). */
export interface SectionItem {
  published_date: string | null;
  /** Normalised heading: trimmed, numbering and trailing punctuation removed, lower case. */
  heading: string;
  originalHeading: string;
  children: ContentBlock[];
  /** Stable for the same URL and position. */
  uuid: string;
  article_uuid: string;
}

/** Cluster assignment over a list of items, by index into that list. */
export interface Clustering {
  /** clusters[c] = indexes of the items in cluster c; the most representative item first. */
  clusters: number[][];
  /** subClusters[c][s] = positions within clusters[c] of the members of sub-cluster s. */
  subClusters: number[][][];
}

/** A clustered pool as stored in a snapshot: `data.sections` and `data.h1sAndIntros`. */
export interface ClusteredPool {
  clusters: SectionItem[][];
  subClusters: number[][][];
}
