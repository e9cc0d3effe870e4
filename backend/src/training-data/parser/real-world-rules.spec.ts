import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedArticle, ParseResult } from '@quire/shared';
import { dateInPath } from './published-date';
import { parseArticle } from './article-parser';
import { articleItems } from './section-items';

// How real sites mark up their articles, one rule each on a small page written for it.

const URL = 'https://news.example/stories/a-story';
const SENTENCE = 'This sentence carries the article forward with enough words, a clause or two, and a detail that a reader would want to keep.';
const PARAGRAPH = `<p>${SENTENCE} ${SENTENCE}</p>`;

/** A news-like page: a site header with a logo h1 and navigation, the article, comments and a newsletter box. */
function newsPage(
  article: string,
  head = '',
  header = '<header class="site-header"><h1 class="site-title"><a href="/">The Daily Example</a></h1><nav><a href="/">Home</a> <a href="/world">World</a></nav></header>',
): string {
  return `<!DOCTYPE html><html><head><title>Page | The Daily Example</title>${head}</head><body>
${header}
<main><article>${article}</article>
<div class="newsletter-signup"><h3>Get our newsletter</h3><p>Sign up for the best stories in your inbox every morning, no spam.</p></div>
<section class="comments"><h3>12 comments</h3><p>First! Great article, thanks for writing it up for all of us.</p></section></main>
<footer><p>© 2024 The Daily Example</p></footer></body></html>`;
}

function article(result: ParseResult): ParsedArticle {
  if ('skipped' in result) throw new Error(`expected an article, got skipped: ${result.skipped}`);
  return result.article;
}

const bodyText = (parsed: ParsedArticle) => JSON.stringify([parsed.intro, parsed.sections]);

describe('parseArticle on real-world markup', () => {
  describe('sections', () => {
    it('should take the sections from the h3s when the article has no h2 and repeats h3', () => {
      const parsed = article(
        parseArticle(
          newsPage(`<h1>Winter Cycling</h1>${PARAGRAPH}<h3>Tyres</h3>${PARAGRAPH}<h4>Studded tyres</h4>${PARAGRAPH}<h3>Lights</h3>${PARAGRAPH}`),
          URL,
        ),
      );
      expect(parsed.sections.map((section) => section.heading)).toEqual(['Tyres', 'Lights']);
      expect(parsed.sections[0].children).toEqual([
        { type: 'p', text: `${SENTENCE} ${SENTENCE}` },
        { type: 'h3', text: 'Studded tyres' },
        { type: 'p', text: `${SENTENCE} ${SENTENCE}` },
      ]);
      expect(parsed.intro).toEqual([{ type: 'p', text: `${SENTENCE} ${SENTENCE}` }]);
    });

    it('should take the sections from the h4s when they are the highest level that repeats', () => {
      const parsed = article(
        parseArticle(newsPage(`<h1>Recipes</h1>${PARAGRAPH}<h3>Only once</h3>${PARAGRAPH}<h4>Starters</h4>${PARAGRAPH}<h4>Mains</h4>${PARAGRAPH}`), URL),
      );
      expect(parsed.sections.map((section) => section.heading)).toEqual(['Only once', 'Starters', 'Mains']);
    });

    it('should give the title and the whole body as the intro when the article has no sub-headings', () => {
      const parsed = article(
        parseArticle(newsPage(`<h1>Council Approves New Bridge</h1>${PARAGRAPH}${PARAGRAPH}<h3>A lone sub-heading</h3>${PARAGRAPH}`), URL),
      );
      expect(parsed.title).toBe('Council Approves New Bridge');
      expect(parsed.sections).toEqual([]);
      expect(parsed.intro.map((block) => block.type)).toEqual(['p', 'p', 'h3', 'p']);
      const { intro, sections } = articleItems(parsed);
      expect(intro.originalHeading).toBe('Council Approves New Bridge');
      expect(sections).toEqual([]);
    });

    it('should skip the page with "no article content" when it has no sub-headings and only a line of text', () => {
      expect(parseArticle(newsPage('<h1>Contact</h1><p>Write to us any time.</p>'), URL)).toEqual({ skipped: 'no article content' });
    });

    it.each([
      ['a <div>', (heading: string) => `<div class="heading-wrap"><h2>${heading}</h2></div>`],
      ['a <p>', (heading: string) => `<p><h2>${heading}</h2></p>`],
    ])('should recognise the headings when each is wrapped in %s', (_wrapper, wrap) => {
      const parsed = article(parseArticle(newsPage(`<h1>Guide</h1>${PARAGRAPH}${wrap('Install')}${PARAGRAPH}${wrap('Configure')}${PARAGRAPH}`), URL));
      expect(parsed.sections.map((section) => section.heading)).toEqual(['Install', 'Configure']);
      expect(bodyText(parsed)).not.toMatch(/"text":"Install"/);
    });

    it('should skip the page with "listing page" when its repeated headings each link to another post', () => {
      const cards = ['One', 'Two', 'Three'].map((t) => `<div class="card"><h3><a href="/stories/${t}">${t} story</a></h3>${PARAGRAPH}</div>`).join('');
      expect(parseArticle(newsPage(`<h1>Latest</h1>${cards}`), URL)).toEqual({ skipped: 'listing page' });
    });

    it('should skip the page with "noindex" when its robots meta says so', () => {
      expect(parseArticle(newsPage(`<h1>T</h1>${PARAGRAPH}${PARAGRAPH}`, '<meta name="robots" content="noindex">'), URL)).toEqual({ skipped: 'noindex' });
    });
  });

  describe('title', () => {
    it('should never take the logo h1 of the site header when the article states its headline lower down', () => {
      const parsed = article(
        parseArticle(
          newsPage(
            `<h2 class="headline">Rivers Rise Across the Valley</h2>${PARAGRAPH}${PARAGRAPH}`,
            '<meta property="og:title" content="Rivers Rise Across the Valley">',
          ),
          URL,
        ),
      );
      expect(parsed.title).toBe('Rivers Rise Across the Valley');
      expect(bodyText(parsed)).not.toContain('Daily Example');
    });

    it('should not repeat the headline as the first section when the page prints it again as an h2', () => {
      const parsed = article(
        parseArticle(
          newsPage(
            `<h2>Rivers Rise Across the Valley</h2>${PARAGRAPH}<h2>Evacuations</h2>${PARAGRAPH}<h2>What next</h2>${PARAGRAPH}`,
            '<meta property="og:title" content="Rivers Rise Across the Valley">',
          ),
          URL,
        ),
      );
      expect(parsed.sections.map((section) => section.heading)).toEqual(['Evacuations', 'What next']);
    });

    it('should prefer the headline the metadata states when the only h1 is a photo caption or section name', () => {
      const head =
        '<meta property="og:title" content="Rivers Rise Across the Valley"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Rivers Rise Across the Valley"}</script>';
      const parsed = article(parseArticle(newsPage(`<h1>Weather</h1>${PARAGRAPH}${PARAGRAPH}`, head), URL));
      expect(parsed.title).toBe('Rivers Rise Across the Valley');
    });

    it('should take the JSON-LD headline, then the <title> without the site name, when there is no og:title', () => {
      const noH1 = newsPage(`${PARAGRAPH}${PARAGRAPH}`, '', '');
      expect(article(parseArticle(noH1.replace('</head>', '<script type="application/ld+json">{"headline":"From JSON-LD"}</script></head>'), URL)).title).toBe(
        'From JSON-LD',
      );
      expect(article(parseArticle(noH1.replace('Page | The Daily Example', 'Storm Warning Issued for Coast | The Daily Example'), URL)).title).toBe(
        'Storm Warning Issued for Coast',
      );
    });
  });

  describe('published date', () => {
    const body = `<h1>T</h1>${PARAGRAPH}${PARAGRAPH}`;
    it.each([
      [
        'JSON-LD wrapped in CDATA',
        '<script type="application/ld+json">//<![CDATA[\n{"@type":"NewsArticle","datePublished":"2024-03-02T10:00:00Z"}\n//]]></script>',
        body,
        '2024-03-02',
      ],
      [
        'JSON-LD ahead of article:published_time',
        '<meta property="article:published_time" content="2024-03-09"><script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":"Article","datePublished":"2024-03-03"}]}</script>',
        body,
        '2024-03-03',
      ],
      [
        'article:published_time, never the modified time',
        '<meta property="article:modified_time" content="2024-06-30"><meta property="og:updated_time" content="2024-06-30"><meta property="article:published_time" content="2024-03-04">',
        body,
        '2024-03-04',
      ],
      [
        'a <time>, never the "updated" one',
        '',
        `<p class="updated">Updated <time datetime="2024-06-30">June 30</time></p><p class="posted">Posted <time datetime="2024-03-05">March 5</time></p>${body}`,
        '2024-03-05',
      ],
    ])('should give the date from %s', (_source, head, articleHtml, date) => {
      expect(article(parseArticle(newsPage(articleHtml, head), URL)).publishedDate).toBe(date);
    });

    it('should take the date in the URL path as a last resort', () => {
      expect(article(parseArticle(newsPage(body), 'https://news.example/2024/03/06/a-story')).publishedDate).toBe('2024-03-06');
    });

    it.each([
      ['https://news.example/2019/11/19/slug', '2019-11-19'],
      ['https://news.example/news/2019-11-19-slug', '2019-11-19'],
      ['https://news.example/2019/11/slug', null],
      ['https://news.example/2019/13/45/slug', null],
      ['not a url', null],
    ])('should read %s as %j', (url, date) => {
      expect(dateInPath(url)).toBe(date);
    });
  });

  describe('what belongs to the article', () => {
    it('should keep a formula as its TeX source when the page gives one, else as its text', () => {
      const html =
        newsPage(`<h1>Circles</h1><p>The area is <math alttext="\\pi r^2"><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math> for radius r. ${SENTENCE}</p>
<p>Doubling gives <math><mn>2</mn><mi>x</mi></math> here. ${SENTENCE}</p>
<p>KaTeX shows <span class="katex"><span class="katex-mathml"><math><semantics><mi>e</mi><annotation encoding="application/x-tex">e^{i\\pi}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">eiπ</span></span> too. ${SENTENCE}</p>`);
      const text = bodyText(article(parseArticle(html, URL)));
      expect(text).toContain('The area is \\\\pi r^2 for radius r.');
      expect(text).toContain('Doubling gives 2x here.');
      expect(text).toContain('KaTeX shows e^{i\\\\pi} too.');
      expect(text).not.toContain('eiπ');
    });

    it("should keep the standfirst of the article's own header and leave out its byline and date", () => {
      const parsed = article(
        parseArticle(
          newsPage(
            `<header><h1>Rivers Rise</h1><p class="standfirst">Three towns were evacuated overnight as the rain kept falling.</p><p class="byline">By Ann Lee</p><p><time datetime="2024-03-01">1 March 2024</time></p></header>${PARAGRAPH}${PARAGRAPH}`,
          ),
          URL,
        ),
      );
      expect(parsed.intro[0]).toEqual({ type: 'p', text: 'Three towns were evacuated overnight as the rain kept falling.' });
      expect(bodyText(parsed)).not.toContain('Ann Lee');
    });

    it("should not take the site banner's tagline for a standfirst", () => {
      const banner = '<header class="masthead"><h1 class="site-title">The Daily Example</h1><p>News you can trust since 1901</p></header>';
      const parsed = article(parseArticle(newsPage(`<h1>Rivers Rise</h1>${PARAGRAPH}${PARAGRAPH}`, '', banner), URL));
      expect(bodyText(parsed)).not.toContain('News you can trust');
    });

    it('should keep a figure caption as text and drop the image', () => {
      const parsed = article(
        parseArticle(
          newsPage(
            `<h1>Rivers Rise</h1><figure><img src="/flood.jpg" alt="flood"><figcaption>The high street under water on Tuesday.</figcaption></figure>${PARAGRAPH}`,
          ),
          URL,
        ),
      );
      expect(parsed.intro).toContainEqual({ type: 'p', text: 'The high street under water on Tuesday.' });
    });

    it('should leave out navigation, comments, newsletter boxes, link lists and chrome lines around the article', () => {
      const html = newsPage(`<h1>Rivers Rise</h1><p>By Ann Lee</p><p>Updated 10:01 pm, March 1, 2024</p>${PARAGRAPH}<p>Advertisement</p>
<p>Related: <a href="/stories/other">Last year's floods in pictures</a></p><ul><li><a href="/a">Another story</a></li><li><a href="/b">One more story</a></li></ul>${PARAGRAPH}
<p>Follow us on Twitter for the latest news.</p>`);
      const text = bodyText(article(parseArticle(html, URL)));
      for (const noise of [
        'Home',
        'World',
        'newsletter',
        'Sign up',
        'First!',
        'comments',
        '©',
        'Ann Lee',
        'Updated',
        'Advertisement',
        'Related',
        'Another story',
        'Follow us',
      ])
        expect(text).not.toContain(noise);
      expect(text).toContain(SENTENCE);
    });
  });

  describe('stable ids', () => {
    // Recorded from the parser before these rules: a page that parses the same way keeps its items' ids.
    it('should give the ids recorded before when the fixture article parses the same way', () => {
      const path = 'blog/cast-iron-care.html';
      const html = readFileSync(join(__dirname, '../../../../test/fixtures/site', path), 'utf8').replaceAll('{{origin}}', 'http://example.test');
      const { intro, sections } = articleItems(article(parseArticle(html, `http://example.test/${path}`)));
      expect(intro).toMatchObject({ article_uuid: '21265458-bcf8-5c97-aa45-87df57a6323a', uuid: 'dcc63dd9-a35a-5d69-be7a-716e7d84daf7' });
      expect(sections.map((section) => [section.uuid, section.originalHeading])).toEqual([
        ['9d9185e7-c179-532b-a389-cdd780bf48a3', 'Why Cast Iron?'],
        ['22652928-5814-55a8-889e-45898cddc5bf', 'How to Season a Pan'],
        ['603072b6-db32-57f2-9952-0616a8ee67d3', 'Daily Cleaning Tips'],
        ['d2c2a6aa-e3c7-5610-82fc-2dd2074cc1c2', 'Myths vs. Facts'],
        ['243391e4-a665-5862-ad29-5e12468b70b2', 'FAQ'],
        ['017f098b-2085-55f2-98db-8cbd2aff247e', 'The Bottom Line'],
      ]);
    });
  });
});
