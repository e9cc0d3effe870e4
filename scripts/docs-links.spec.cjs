// Every link between the project's Markdown pages resolves: README.md, CONTRIBUTING.md,
// CHANGELOG.md and docs/**/*.md. A relative link must name a file (or folder) that exists, and a
// `#fragment` must be the GitHub anchor of a heading in the page it names (the page itself for a
// bare `#fragment`). Links to the web (http, https, mailto) are not followed; links inside fenced
// code blocks and code spans are not links.
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');

const root = resolve(__dirname, '..');

/** The Markdown pages whose links are checked, relative to the repository's root. */
function markdownPages() {
  const pages = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((page) => existsSync(join(root, page)));
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return pages;
}

/** The page's lines outside fenced code blocks (``` or ~~~), as [line number, text]. */
function proseLines(markdown) {
  const lines = [];
  let fence = null;
  markdown.split(/\r?\n/).forEach((text, index) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length && text.trim() === opening[1].trim().replace(/[^`~]/g, '')) {
        fence = null;
      }
      return;
    }
    if (opening) {
      fence = opening[1];
      return;
    }
    lines.push([index + 1, text]);
  });
  return lines;
}

/** A line without its code spans (`…`), which hold no links. */
const withoutCodeSpans = (text) => text.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));

/** GitHub's anchor for a heading's text: lower case, only letters, digits, `_`, spaces and hyphens kept, spaces as hyphens. */
function slug(heading) {
  return heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // an image: its alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // a link: its text
    .replace(/<[^>]+>/g, '') // HTML tags
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (a repeated one gets -1, -2, … as on GitHub) and explicit HTML ids. */
function anchors(markdown) {
  const found = new Set();
  const seen = new Map();
  const add = (base) => {
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  };
  const lines = proseLines(markdown);
  lines.forEach(([, text], i) => {
    const atx = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(text);
    if (atx) return add(slug(atx[1].replace(/`/g, '').replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')));
    const next = lines[i + 1];
    if (next && next[0] === lines[i][0] + 1 && text.trim() !== '' && /^ {0,3}(=+|-+)[ \t]*$/.test(next[1]) && !/^ {0,3}([-*+]|\d+[.)])[ \t]/.test(text)) {
      add(slug(text.replace(/`/g, '')));
    }
  });
  for (const match of markdown.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) found.add(match[1]);
  return found;
}

/** Every link and image on the page that is not to the web: [line, target]. */
function localLinks(markdown) {
  const links = [];
  const inline = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
  const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
  for (const [line, raw] of proseLines(markdown)) {
    const text = withoutCodeSpans(raw);
    const targets = [...text.matchAll(inline)].map((match) => match[1]);
    const defined = definition.exec(text);
    if (defined) targets.push(defined[1]);
    for (let target of targets) {
      target = target.replace(/^<|>$/g, '');
      if (/^(https?:|mailto:)/i.test(target)) continue;
      links.push([line, target]);
    }
  }
  return links;
}

/** What is wrong with one link on `page`, or null when it resolves. */
function brokenReason(page, target, read) {
  const hash = target.indexOf('#');
  const pathPart = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathPart)) return `unsupported scheme in ${target}`;
  const file = pathPart === '' ? join(root, page) : resolve(dirname(join(root, page)), decodeURI(pathPart));
  const shown = relative(root, file) || '.';
  if (!file.startsWith(root)) return `${target} leaves the repository`;
  if (!existsSync(file)) return `${shown} does not exist`;
  if (fragment === null) return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return fragment === '' ? null : `#${fragment}: ${shown} is not a Markdown page, so it has no headings`;
  if (!read(file).has(fragment)) return `${shown} has no heading with the anchor #${fragment}`;
  return null;
}

describe('links between the Markdown pages', () => {
  const pages = markdownPages();
  const cache = new Map();
  const anchorsOf = (file) => {
    if (!cache.has(file)) cache.set(file, anchors(readFileSync(file, 'utf8')));
    return cache.get(file);
  };

  it('should find the pages and their links', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', join('docs', 'architecture.md')]));
    const counted = pages.map((page) => localLinks(readFileSync(join(root, page), 'utf8')).length);
    expect(counted.reduce((a, b) => a + b, 0)).toBeGreaterThan(pages.length);
  });

  it.each(pages)('every link in %s resolves', (page) => {
    const broken = localLinks(readFileSync(join(root, page), 'utf8'))
      .map(([line, target]) => [line, target, brokenReason(page, target, anchorsOf)])
      .filter(([, , reason]) => reason !== null)
      .map(([line, target, reason]) => `${page}:${line} (${target}): ${reason}`);
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  it('should make GitHub anchors, numbering repeated headings', () => {
    const page = [
      '# Quire',
      '## Sign-in, sessions and security',
      "## react-admin's defaults work on every resource",
      '### The entry page, `/history/{id}`',
      '## Word lists on models that refuse `logit_bias`',
      '## Faults: what is retried, and what is not',
      '## Notes',
      '## Notes',
      '## Notes',
      '## Größe × Zeit',
      '```',
      '## not a heading',
      '```',
      'Setext heading',
      '==============',
      '<a id="explicit"></a>',
    ].join('\n');
    expect([...anchors(page)]).toEqual([
      'quire',
      'sign-in-sessions-and-security',
      'react-admins-defaults-work-on-every-resource',
      'the-entry-page-historyid',
      'word-lists-on-models-that-refuse-logit_bias',
      'faults-what-is-retried-and-what-is-not',
      'notes',
      'notes-1',
      'notes-2',
      'größe--zeit',
      'setext-heading',
      'explicit',
    ]);
  });

  it('should take links and images outside code, and leave the web alone', () => {
    const page = [
      'See [a](docs/a.md), ![b](docs/images/b.png "title") and [c](#c), [web](https://example.com), [mail](mailto:x@example.com).',
      'Not a link: `[x](nowhere.md)`.',
      '```md',
      '[y](nowhere.md)',
      '```',
      '[d]: ../d.md',
    ].join('\n');
    expect(localLinks(page)).toEqual([
      [1, 'docs/a.md'],
      [1, 'docs/images/b.png'],
      [1, '#c'],
      [6, '../d.md'],
    ]);
  });

  it('should report a missing page and a missing heading', () => {
    const read = () => new Set(['a-heading']);
    expect(brokenReason('README.md', 'docs/none.md', read)).toBe('docs/none.md does not exist');
    expect(brokenReason('docs/architecture.md', '../README.md#a-heading', read)).toBeNull();
    expect(brokenReason('docs/architecture.md', '../README.md#no-such-heading', read)).toBe('README.md has no heading with the anchor #no-such-heading');
    expect(brokenReason('docs/architecture.md', '#a-heading', read)).toBeNull();
  });
});
