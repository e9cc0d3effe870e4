// The part of linkedom's DOM the parser uses, and the small text helpers its modules share.
// The backend compiles without the DOM lib, so these interfaces describe what is called.

export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
}
export interface DomElement extends DomNode {
  children: ArrayLike<DomElement>;
  parentElement: DomElement | null;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  replaceWith(...nodes: Array<DomNode | string>): void;
  append(...nodes: Array<DomNode | string>): void;
  before(...nodes: Array<DomNode | string>): void;
  remove(): void;
}
export interface DomDocument {
  documentElement: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  createElement(tag: string): DomElement;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

/** Never part of an article's text. */
export const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'iframe',
  'object',
  'embed',
  'canvas',
  'svg',
  'map',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'label',
  'nav',
  'aside',
  'header',
  'footer',
  'dialog',
  'head',
  'title',
  'meta',
  'link',
]);
/** Elements that break the flow of text; anything else is inline and joins the paragraph around it. */
export const BLOCK = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figure',
  'figcaption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'menu',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  ...DROPPED,
]);

export function tagOf(element: DomNode): string {
  return element.nodeName.toLowerCase();
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text of an element with block boundaries and <br> as spaces (newlines in code); iterative for deep markup. */
export function textOf(root: DomNode, preserve = false): string {
  let text = '';
  const stack: Array<DomNode | string> = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      text += node;
      continue;
    }
    if (node.nodeType === TEXT_NODE) text += node.textContent ?? '';
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = tagOf(node);
    if (tag === 'br') text += preserve ? '\n' : ' ';
    if (node !== root && (DROPPED.has(tag) || tag === 'br')) continue;
    const separator = BLOCK.has(tag) && node !== root ? ' ' : '';
    if (separator && !preserve) stack.push(separator);
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
    if (separator && !preserve) stack.push(separator);
  }
  return text;
}

/** The content of the first <meta> whose property, name or itemprop is `key` (case-insensitive). */
export function metaContent(doc: DomDocument, key: string): string | null {
  for (const meta of Array.from(doc.querySelectorAll('meta'))) {
    const names = ['property', 'name', 'itemprop'].map((attribute) => (meta.getAttribute(attribute) ?? '').trim().toLowerCase());
    const content = meta.getAttribute('content')?.trim();
    if (content && names.includes(key)) return content;
  }
  return null;
}

/** The class and id of an element as separate tokens, for matching against naming patterns. */
export function nameTokens(element: DomElement): string[] {
  return `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/).filter(Boolean);
}

/** Every JSON-LD object of the page: arrays and `@graph` flattened, CDATA wrappers and broken blocks tolerated. */
export function jsonLdObjects(doc: DomDocument): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 5 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    objects.push(record);
    visit(record['@graph'], depth + 1);
  };
  for (const script of Array.from(doc.querySelectorAll('script'))) {
    if ((script.getAttribute('type') ?? '').trim().toLowerCase() !== 'application/ld+json') continue;
    try {
      visit(JSON.parse(withoutCdata(script.textContent ?? '')), 0);
    } catch {
      // Broken JSON-LD is common; the page's other sources still count.
    }
  }
  return objects;
}

/** Some CMSs wrap JSON-LD in `<![CDATA[ … ]]>` (often behind line or block comments) for old XHTML parsers. */
function withoutCdata(text: string): string {
  return text.replace(/^\s*(?:\/\/|\/\*)?\s*<!\[CDATA\[\s*(?:\*\/)?/, '').replace(/(?:\/\/|\/\*)?\s*\]\]>\s*(?:\*\/)?\s*$/, '');
}
