import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedArticle, ParseResult } from '@quire/shared';
import { MAX_HTML_CHARS, normaliseDate, parseArticle } from './article-parser';

const URL = 'http://example.test/blog/post.html';

/** A page as sites build them: chrome around an article, the article's own markup inside. */
function page(article: string, head = ''): string {
  return `<!DOCTYPE html><html><head><title>Page title | Example</title>${head}</head><body>
<div class="cookie-banner"><p>We use cookies to show you ads.</p><button>Accept all cookies</button></div>
<header><h1 class="logo">Example Site</h1><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About us</a></li></ul></nav></header>
<main><article>${article}</article>
<aside class="related-posts"><h2>Related posts</h2><ul><li><a href="/other">Another post</a></li></ul></aside>
<section id="comments"><h2>Leave a comment</h2><form><textarea></textarea></form></section></main>
<aside class="sidebar"><div class="ad-slot"><span>Advertisement</span><p>Buy the GrindMaster Pro today!</p></div><div class="sponsored"><p>Sponsored by TrailFuel</p></div></aside>
<footer><p>© 2024 Example. All rights reserved.</p></footer>
<script>track("pageview")</script>
</body></html>`;
}

/** Enough text that readability sees an article rather than a snippet. */
const FILLER = '<p>Long enough paragraph about the topic at hand, with a few clauses, some commas, and the kind of detail that real articles have in them.</p>';

function article(result: ParseResult): ParsedArticle {
  if ('skipped' in result) throw new Error(`expected an article, got skipped: ${result.skipped}`);
  return result.article;
}

describe(parseArticle.name, () => {
  it('should split an article into title, intro and h2 sections with plain-text blocks when the page is an article', () => {
    const html = page(`
<header><h1>How to &amp; Why: Brewing   Coffee</h1><p class="byline">By Dana</p></header>
<div class="entry-content"><div class="wrapper"><section>
<figure><img src="/a.jpg" alt="beans"><figcaption>Beans in a bowl</figcaption></figure>
<p>Coffee is <strong>great</strong> and <a href="/x">easy</a>&nbsp;to   brew.</p>
${FILLER}
<h2>What You&rsquo;ll Need</h2>
<ul><li>A grinder <em>(burr)</em></li><li>Fresh beans</li><li>  </li></ul>
<h2>How to Brew</h2>
<ol><li>Grind</li><li>Pour<br>slowly</li></ol>
<h4>A detail</h4>
<blockquote><p>Patience is an ingredient.</p></blockquote>
<pre><code>brew --strong
  --cups 2</code></pre>
<hr>
<p></p>
<h2>Specifications</h2>
<table><tr><th>Part</th><th>Size</th></tr><tr><td>Filter</td><td>#4</td></tr><tr><td></td><td></td></tr></table>
<h2>Empty heading</h2>
<h2>Conclusion</h2>
<p>Enjoy.</p>
${FILLER}
</section></div></div>`);

    expect(parseArticle(html, `${URL}#comments`)).toEqual({
      article: {
        url: URL,
        title: 'How to & Why: Brewing Coffee',
        publishedDate: null,
        intro: [
          { type: 'p', text: 'Beans in a bowl' },
          { type: 'p', text: 'Coffee is great and easy to brew.' },
          { type: 'p', text: expect.stringMatching(/^Long enough paragraph/) },
        ],
        sections: [
          { heading: 'What You’ll Need', children: [{ type: 'ul', items: ['A grinder (burr)', 'Fresh beans'] }] },
          {
            heading: 'How to Brew',
            children: [
              { type: 'ol', items: ['Grind', 'Pour slowly'] },
              { type: 'h3', text: 'A detail' },
              { type: 'blockquote', text: 'Patience is an ingredient.' },
              { type: 'code', text: 'brew --strong\n  --cups 2' },
            ],
          },
          { heading: 'Specifications', children: [{ type: 'ul', items: ['Part | Size', 'Filter | #4'] }] },
          {
            heading: 'Conclusion',
            children: [
              { type: 'p', text: 'Enjoy.' },
              { type: 'p', text: expect.stringMatching(/^Long enough/) },
            ],
          },
        ],
      },
    });
  });

  it('should leave out navigation, ads, cookie banners, related posts and comments when they surround the article', () => {
    const text = JSON.stringify(parseArticle(page(`<h1>Title</h1>${FILLER}<h2>Tips</h2><ul><li>One</li></ul>${FILLER}`), URL));
    expect(text).toContain('"heading":"Tips"');
    for (const noise of [
      'cookies',
      'Example Site',
      'About us',
      'Related posts',
      'Leave a comment',
      'Advertisement',
      'GrindMaster',
      'Sponsored',
      'All rights reserved',
      'pageview',
    ]) {
      expect(text).not.toContain(noise);
    }
  });

  it.each([
    ['a page-wide <form>', (html: string) => html.replace('<body>', '<body><form id="aspnetForm">').replace('</body>', '</form></body>')],
    [
      'a content div with a share class',
      (html: string) => html.replace('<article>', '<article><div class="entry-content share-enabled">').replace('</article>', '</div></article>'),
    ],
  ])('should keep the article when %s wraps it', (_wrapper, wrap) => {
    const html = wrap(page(`<h1>Title</h1>${FILLER}<h2>Tips</h2><ul><li>One</li></ul>${FILLER}${FILLER}<h2>FAQ</h2>${FILLER}${FILLER}`));
    expect(article(parseArticle(html, URL)).sections.map((section) => section.heading)).toEqual(['Tips', 'FAQ']);
  });

  it('should keep an h2 that resembles the title when it is a real section', () => {
    const result = article(
      parseArticle(page(`<h1>The Complete Guide to Cast Iron Care</h1>${FILLER}<h2>Why Cast Iron?</h2>${FILLER}<h2>FAQ</h2>${FILLER}`), URL),
    );
    expect(result.sections.map((section) => section.heading)).toEqual(['Why Cast Iron?', 'FAQ']);
  });

  it.each([
    ['og:title', '<meta property="og:title" content="From Open Graph">', 'From Open Graph'],
    ['<title> without the site name', '', 'Page title'],
  ])('should take the title from %s when the article has no h1', (_source, head, title) => {
    const html = page(`${FILLER}<h2>Section</h2>${FILLER}`, head).replace('<h1 class="logo">Example Site</h1>', '');
    expect(article(parseArticle(html, URL)).title).toBe(title);
  });

  describe('published date', () => {
    const body = `<h1>T</h1>${FILLER}<h2>S</h2>${FILLER}`;
    it.each([
      ['article:published_time', '<meta property="article:published_time" content="2024-01-08T09:00:00+00:00">', body, '2024-01-08'],
      ['og:published_time', '<meta property="og:published_time" content="2024-02-01">', body, '2024-02-01'],
      ['meta datePublished', '<meta name="datePublished" content="2024-02-02">', body, '2024-02-02'],
      ['meta date', '<meta name="date" content="2024-02-03">', body, '2024-02-03'],
      ['meta pubdate', '<meta name="pubdate" content="2024-02-04T10:00:00Z">', body, '2024-02-04'],
      ['meta DC.date', '<meta name="DC.date" content="2024-02-05">', body, '2024-02-05'],
      ['itemprop', '', `<meta itemprop="datePublished" content="2024-03-05">${body}`, '2024-03-05'],
      ['JSON-LD', '<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2024-04-01T12:00:00Z"}</script>', body, '2024-04-01'],
      [
        'JSON-LD @graph',
        '<script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":"Article","datePublished":"2024-04-02"}]}</script>',
        body,
        '2024-04-02',
      ],
      [
        'a JSON-LD array',
        '<script type="application/ld+json">[{"@type":"BreadcrumbList"},{"@type":"Article","datePublished":"2024-04-03"}]</script>',
        body,
        '2024-04-03',
      ],
      ['<time datetime>', '', `<time datetime="2024-05-06">May 6</time>${body}`, '2024-05-06'],
      [
        'meta tags ahead of a <time>',
        '<meta property="article:published_time" content="2024-01-01">',
        `<time datetime="2024-05-06">May 6</time>${body}`,
        '2024-01-01',
      ],
      [
        'a <time> after malformed JSON-LD',
        '<script type="application/ld+json">{"datePublished": </script>',
        `<time datetime="2024-06-07">June</time>${body}`,
        '2024-06-07',
      ],
      ['a <time> after an invalid meta date', '<meta name="date" content="yesterday">', `<time datetime="2024-06-08">June</time>${body}`, '2024-06-08'],
      ['a timestamp with a zone (its UTC day)', '<meta property="article:published_time" content="2024-02-14T23:30:00-05:00">', body, '2024-02-15'],
    ])('should give the date when it comes from %s', (_source, head, articleHtml, date) => {
      expect(article(parseArticle(page(articleHtml, head), URL)).publishedDate).toBe(date);
    });

    it('should be null when the page gives no date', () => {
      expect(article(parseArticle(page(body), URL)).publishedDate).toBeNull();
    });
  });

  it.each([
    ['noindex', page(`<h1>T</h1>${FILLER}<h2>S</h2>${FILLER}`, '<meta name="ROBOTS" content="NOINDEX, follow">')],
    ['listing page', page(['One', 'Two', 'Three'].map((t) => `<div class="card"><h2><a href="/${t}">${t}</a></h2>${FILLER}</div>`).join(''))],
    ['no article content', page(`<h1>Contact us</h1><p>Write to us.</p><form><input name="email"></form>`)],
    ['empty page', '   '],
    ['page too deeply nested', `<html><body>${'<div>'.repeat(5000)}<h2>S</h2>${FILLER}${'</div>'.repeat(5000)}</body></html>`],
  ])('should skip the page with "%s" when it is not an article', (reason, html) => {
    expect(parseArticle(html, URL)).toEqual({ skipped: reason });
  });

  it('should ignore everything beyond the first 2 MB when the page is huge', () => {
    const padding = `<p>${'x'.repeat(MAX_HTML_CHARS)}</p>`;
    const text = JSON.stringify(parseArticle(page(`${padding}<h1>T</h1>${FILLER}<h2>S</h2>${FILLER}`), URL));
    expect(text).not.toContain('"heading":"S"');
    expect(text).not.toContain('Long enough paragraph');
  });

  it.each([
    ['a lone "<"', '<'],
    ['control characters', '\u0000\u0001<<<>>>&&&;<h2'],
    ['binary data', '%PDF-1.4 \u00ff\u00fe\u0000 obj'],
    ['unclosed tags', '<html><body><article><h1>T<h2>A<p>text <b>bold<h2>B<ul><li>x<li>y'],
    ['a fragment', `<h2>S</h2>${FILLER}`],
    ['deeply nested inline markup', `<p>${'<span>'.repeat(5000)}x</p>`],
    ['not a string', null as unknown as string],
  ])('should answer without throwing when given %s', (_name, html) => {
    const result = parseArticle(html, 'not a url');
    expect('article' in result || typeof result.skipped === 'string').toBe(true);
  });

  describe('the fixture site', () => {
    const root = join(__dirname, '../../../../test/fixtures/site');
    const read = (path: string) => readFileSync(join(root, path), 'utf8').replaceAll('{{origin}}', 'http://example.test');
    const parse = (path: string) => parseArticle(read(path), `http://example.test/${path}`);

    const FAQ = 'FAQ';
    const articles: Record<string, { title: string; date: string | null; headings: string[] }> = {
      'best-espresso-grinders-2024': {
        title: 'The Best Espresso Grinders for Home Baristas in 2024',
        date: '2024-01-08',
        headings: [
          'Overview',
          'Key Features to Look For',
          'Our Top Picks',
          'Pros and Cons of the Niche Zero',
          'How to Dial In Your Grind',
          FAQ,
          'The Bottom Line',
        ],
      },
      'how-to-start-a-sourdough-starter': {
        title: 'How to Start a Sourdough Starter From Scratch',
        date: '2024-01-19',
        headings: [
          'Why Make Your Own Starter?',
          "What You'll Need",
          'How to Feed Your Starter',
          'Tips for Success',
          'Frequently Asked Questions',
          'Final Thoughts',
        ],
      },
      'beginner-guide-to-bouldering': {
        title: "A Beginner's Guide to Bouldering",
        date: '2024-01-30',
        headings: ['Introduction', 'What to Wear and Bring', 'How to Read a Route', '7 Tips for Your First Session', FAQ, 'Conclusion'],
      },
      'standing-desk-review': {
        title: 'FlexiRise Pro Standing Desk Review: Six Months Later',
        date: '2024-02-06',
        headings: ['Overview', 'Specifications', "What We Liked (and Didn't)", 'How to Set Up Your Desk Ergonomically', 'Verdict'],
      },
      'automate-backups-with-rsync': {
        title: 'Automate Your Backups With rsync and cron',
        date: '2024-02-14',
        headings: ['Why rsync?', "What You'll Need", 'How to Write the Backup Script', 'Scheduling With cron', 'Common Questions', 'Wrapping Up'],
      },
      'winter-camping-checklist': {
        title: 'The Ultimate Winter Camping Checklist',
        date: '2024-02-27',
        headings: ['Overview', 'Shelter and Sleep System', 'Clothing Layers', 'Cooking in the Cold', 'Safety Tips', 'Final Thoughts'],
      },
      'raised-bed-vegetable-garden': {
        title: 'Building a Raised Bed Vegetable Garden on a Budget',
        date: '2024-03-05',
        headings: [
          'Introduction',
          'Materials and Cost',
          'Step-by-Step: How to Build the Bed',
          'What to Plant First',
          'Pros & Cons of Raised Beds',
          'The Bottom Line',
        ],
      },
      'noise-cancelling-headphones-compared': {
        title: 'Noise-Cancelling Headphones Compared: Sony vs Bose vs Apple',
        date: '2024-03-18',
        headings: ['Overview', 'Key Features', 'Sound Quality', 'The Good and the Bad', 'FAQs', 'Conclusion'],
      },
      'meal-prep-for-busy-weeks': {
        title: 'Meal Prep for Busy Weeks: A Practical System',
        date: '2024-03-29',
        headings: ['Why Meal Prep Works', 'How to Plan a Week of Meals', 'Essential Containers and Tools', '5 Time-Saving Tips', FAQ, 'The Bottom Line'],
      },
      'learn-touch-typing': {
        title: 'Learn Touch Typing in 30 Days',
        date: '2024-04-09',
        headings: ['1. Introduction', '2. How to Practice Every Day', '3. Tips to Build Speed', '4. Tracking Your Progress', '5. Conclusion'],
      },
      'e-bike-commuting-tips': {
        title: 'E-Bike Commuting: Tips From a Year of Riding to Work',
        date: '2024-04-22',
        headings: ['Overview', 'What to Look for in a Commuter E-Bike', 'Pro Tips', 'Pros and Cons', FAQ, 'Final Thoughts'],
      },
      'houseplants-for-low-light': {
        title: '10 Houseplants That Thrive in Low Light',
        date: '2024-05-03',
        headings: [
          'Introduction',
          'The Best Low-Light Plants',
          'How to Care for Low-Light Plants',
          'Common Mistakes to Avoid',
          'Frequently Asked Questions',
          'Wrapping Up',
        ],
      },
      'home-wifi-mesh-setup': {
        title: 'How to Set Up a Mesh Wi-Fi Network at Home',
        date: '2024-05-16',
        headings: ['Overview', "What You'll Need", 'How to Set Up Your Mesh System', 'Where to Place the Nodes', 'Troubleshooting FAQ', 'Conclusion'],
      },
      'cast-iron-care': {
        title: 'The Complete Guide to Cast Iron Care',
        date: '2024-05-28',
        headings: ['Why Cast Iron?', 'How to Season a Pan', 'Daily Cleaning Tips', 'Myths vs. Facts', FAQ, 'The Bottom Line'],
      },
      'budget-travel-europe-by-train': {
        title: 'Budget Travel Across Europe by Train',
        date: '2024-06-10',
        headings: ['Introduction', 'Pros and Cons of Rail Passes', 'How to Book Cheap Tickets', 'Tips for Overnight Trains', 'Final Thoughts'],
      },
      'mechanical-keyboard-buying-guide': {
        title: 'Mechanical Keyboard Buying Guide for Beginners',
        date: null,
        headings: ['Overview', 'Key Features to Compare', 'Switch Types Explained', 'Pros and Cons of Mechanical Keyboards', FAQ, 'Conclusion'],
      },
    };

    it('should cover every file when the blog folder is listed', () => {
      const files = readdirSync(join(root, 'blog')).map((file) => file.replace(/\.html$/, ''));
      expect(files.sort()).toEqual(Object.keys(articles).sort());
    });

    it.each(Object.entries(articles))('should find the title, date and sections when parsing blog/%s.html', (slug, expected) => {
      const result = article(parse(`blog/${slug}.html`));
      expect(result).toMatchObject({ url: `http://example.test/blog/${slug}.html`, title: expected.title, publishedDate: expected.date });
      expect(result.intro.length).toBeGreaterThan(0);
      expect(result.sections.map((section) => section.heading)).toEqual(expected.headings);
      for (const section of result.sections) expect(section.children.length).toBeGreaterThan(0);
      const text = JSON.stringify(result);
      for (const noise of [
        'Advertisement',
        'Sponsored',
        'cookies',
        'All rights reserved',
        'Related posts',
        'Leave a comment',
        'Popular posts',
        'newsletter',
        'Search the workshop',
        'Share this post',
        'Filed under',
        'GrindMaster',
        'TrailFuel',
        'brochure',
        'Dana Okafor',
        'Published ',
      ]) {
        expect(text).not.toContain(noise);
      }
    });

    it('should turn a table into "cell | cell" list items when the article has one', () => {
      const specs = article(parse('blog/standing-desk-review.html')).sections.find((section) => section.heading === 'Specifications');
      expect(specs?.children).toEqual([
        {
          type: 'ul',
          items: ['Spec | FlexiRise Pro', 'Height range | 62–127 cm', 'Load capacity | 120 kg', 'Motors | Dual', 'Noise | 48 dB', 'Warranty | 10 years'],
        },
      ]);
    });

    it('should keep the lines of code when the article has a pre block', () => {
      const script = article(parse('blog/automate-backups-with-rsync.html')).sections.find((section) => section.heading === 'How to Write the Backup Script');
      expect(script?.children.find((block) => block.type === 'code')).toEqual({
        type: 'code',
        text: '#!/bin/sh\n# Mirror the home folder to the external drive.\nSOURCE="$HOME/"\nTARGET="/mnt/backup/home/"\nrsync -a --delete --exclude ".cache" "$SOURCE" "$TARGET" >> "$HOME/backup.log" 2>&1',
      });
    });

    it.each([
      ['index.html', 'listing page'],
      ['tag/reviews.html', 'listing page'],
      ['contact.html', 'no article content'],
    ])('should skip %s with "%s" when it is not an article', (path, reason) => {
      expect(parse(path)).toEqual({ skipped: reason });
    });
  });
});

describe(normaliseDate.name, () => {
  it.each([
    ['2024-01-08', '2024-01-08'],
    ['2024-01-08T10:00:00Z', '2024-01-08'],
    ['2024-01-08T10:00:00.123+00:00', '2024-01-08'],
    ['2024-01-08T23:30:00-05:00', '2024-01-09'],
    ['2024-01-08T01:00:00+0200', '2024-01-07'],
    ['2024-01-08 23:59', '2024-01-08'],
    [' 2024-01-08 ', '2024-01-08'],
  ])('should give the date when the value is %j', (value, date) => {
    expect(normaliseDate(value)).toBe(date);
  });

  it.each(['', 'March 5, 2024', '2024-02-30', '2024-13-01', '2024-01-08T25:00:00Z', '0000-00-00', '2024-1-8', null, undefined])(
    'should give null when the value is %j',
    (value) => {
      expect(normaliseDate(value)).toBeNull();
    },
  );
});
