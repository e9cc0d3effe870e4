/**
 * JSON texts the way a hostile client can write them: keys such as `__proto__`, fragments no
 * JavaScript value serialises to (`-0`, 5,000 nested arrays), and strings of every kind.
 */
import fc from 'fast-check';

export type Path = (string | number)[];

/** How the server names a field: `sections.0.heading`; the body itself is `<body>`. */
export const dotted = (path: Path) => (path.length ? path.join('.') : '<body>');

/** A JSON text placed into a body as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Sets a key as an own property, so `__proto__` becomes a key instead of the prototype. */
export function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `depth` arrays or objects, one inside the other. */
export function deeplyNested(depth: number, shape: 'array' | 'object'): RawJson {
  return new RawJson(shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The characters no body may carry (the API's contract): NUL and unpaired UTF-16 surrogates. */
export const forbiddenChar = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0xd800, max: 0xdbff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);

export function hasForbiddenChar(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** `text` with `bad` inserted at `at`, kept unpaired (a high surrogate before a low one would pair). */
export function insertForbidden(text: string, bad: string, at: number): string {
  const position = Math.min(at, text.length);
  const inserted = text.slice(0, position) + bad + text.slice(position);
  return hasForbiddenChar(inserted) ? inserted : text + bad;
}

/**
 * An accepted http(s) address makes POST /api/training-jobs/submit-url start a crawl that writes
 * rows in the background, which would change data between two fingerprints. Generated strings
 * never are one (the URL parser drops tabs and newlines, so test what it parses).
 */
export function isWebAddress(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text.trim()).protocol);
  } catch {
    return false;
  }
}

export function withoutWebAddresses(value: unknown): unknown {
  if (typeof value === 'string') return isWebAddress(value) ? value.replace(/:/g, '') : value;
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutWebAddresses);
  const out = {};
  for (const [key, item] of Object.entries(value)) setOwn(out, isWebAddress(key) ? key.replace(/:/g, '') : key, withoutWebAddresses(item));
  return out;
}

const INJECTIONS = [
  "' OR 1=1 --",
  '"; drop table users; --',
  "Robert'); DROP TABLE sections;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{title}}',
  '{{constructor.constructor("return 1")()}}',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%s%s%s%n',
  '${7*7}',
  '#{7*7}',
  '{"$gt":""}',
  '\\u0000',
  '\\',
  'null',
  'undefined',
  '__proto__',
];

const UNICODE = [
  '😀🎉',
  '👨‍👩‍👧‍👦',
  'مرحبا بالعالم',
  'שלום',
  '\u202Eevil\u202C',
  'a\u200Bb\u200C\u200Dc',
  '\uFEFF',
  'e\u0301',
  '𝕳𝖊𝖑𝖑𝖔',
  'Ｆｕｌｌｗｉｄｔｈ',
  'Ω≈ç√∫',
  '\t\n\r',
  '\u0001\u001f\u007f',
];

/** Strings that may be valid or not: the server may refuse them, but never with a 5xx. */
export const wildString = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...INJECTIONS),
    fc.constantFrom(...UNICODE),
    fc.constantFrom('', ' ', '   \n  '),
    // eslint-disable-next-line no-control-regex -- the fuzzer generates control characters on purpose
    fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => text.replace(/\u0000/g, '')),
    // Long text is built from a small generated seed, so a failure report stays short.
    fc.tuple(fc.constantFrom('x', 'ab ', '😀', 'é', "'"), fc.integer({ min: 1, max: maxLength })).map(([unit, length]) =>
      unit
        .repeat(Math.ceil(length / unit.length))
        .slice(0, length)
        .replace(LONE_SURROGATES, ''),
    ),
  );

/** Numbers at the edges of what JSON and PostgreSQL hold. */
export const wildNumber: fc.Arbitrary<number | RawJson> = fc.constantFrom<number | RawJson>(
  0,
  -1,
  1,
  0.1,
  2,
  100,
  -100,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  new RawJson('-0'),
  new RawJson('1e400'),
);

/** Text for a truncated failure message. */
export function clip(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
