/**
 * Request bodies built from a route's schema in the OpenAPI document: a valid-ish body first,
 * then one change — an INVALID one (the API's contract says the answer is a 4xx), a WILD one
 * (may be valid or not: never a 5xx), or another operator's id (never a 2xx).
 */
import fc from 'fast-check';
import { jsonTypeOf, OpenApiDocument, resolve, Schema } from './openapi';
import { deeplyNested, dotted, forbiddenChar, insertForbidden, Path, RawJson, setOwn, toJson, wildNumber, wildString, withoutWebAddresses } from './json';

/** Record ids to put in `format: uuid` fields, matched to a field by its name where possible. */
export interface IdSource {
  own(field: string | undefined): string[];
  foreign(field: string | undefined): string[];
}

export type Expectation = 'invalid' | 'wild' | 'foreign';

export interface BodyCase {
  expect: Expectation;
  /** What was changed, for the failure message: `wrong type at envVars (an array)`. */
  change: string;
  /** The JSON text sent; undefined sends no body. */
  body: string | undefined;
  /** A forbidden character must be answered 400 with `errors[].field` naming one of these. */
  names?: string[];
  /** Another operator's record in the path instead of the operator's own. */
  pathId?: string;
  /** The body's Content-Type, when it is not JSON. */
  contentType?: string;
}

interface Location {
  path: Path;
  schema: Schema;
  present: boolean;
  /** Required property, or an item of an array (which cannot be left out). */
  required: boolean;
  /** The last step of the path is a property of an object (not an array index). */
  property: boolean;
}

const UNKNOWN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '_id', 'id', 'user_id', 'zz_nope'];
const ANY_VALUES: unknown[] = [new RawJson('{"polluted":true}'), 1, 'x', null, [], true, { a: 1 }];
const VALUES_OF_TYPE: Record<string, unknown[]> = {
  string: ['x', '', '0.7', 'true'],
  number: [0, 1.5, -1],
  boolean: [true, false],
  array: [[], ['x'], [1], [[]], [{}]],
  object: [{}, { a: 1 }],
};
const NOT_OBJECTS = ['[]', '[{}]', '1', '0', '"x"', '""', 'null', 'true'];

/** A body's top-level fields as text: each value itself when it is text, else as JSON. */
const fieldsOf = (json: string): [string, string][] => {
  let value: unknown = json;
  try {
    value = JSON.parse(json);
  } catch {
    // Text that is not JSON goes as one field.
  }
  const fields: [string, unknown][] = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  // A body with no field at all would be empty in a form: one is named, so that there is a body to refuse.
  return (fields.length ? fields : [['value', '']]).map(([name, inner]) => [name, typeof inner === 'string' ? inner : JSON.stringify(inner)]);
};
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The media types of a browser form, a text body and XML, each writing a JSON body its own way. */
const NOT_JSON: [string, (json: string) => string][] = [
  ['text/plain', (json) => json],
  ['application/x-www-form-urlencoded', (json) => new URLSearchParams(fieldsOf(json)).toString()],
  [
    'multipart/form-data; boundary=fuzz-boundary',
    (json) =>
      `${fieldsOf(json)
        .map(([name, value]) => `--fuzz-boundary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('')}--fuzz-boundary--\r\n`,
  ],
  [
    'application/xml',
    (json) =>
      `<?xml version="1.0"?><body>${fieldsOf(json)
        .map(([name, value]) => `<${xmlText(name)}>${xmlText(value)}</${xmlText(name)}>`)
        .join('')}</body>`,
  ],
];

export class BodyCases {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly g: fc.GeneratorValue,
    private readonly ids: IdSource,
  ) {}

  /** A body built from the schema, valid as far as the document can tell. */
  validish(schema: Schema, field?: string): unknown {
    const { g } = this;
    const s = resolve(this.doc, schema);
    if (s.enum?.length) return g(fc.constantFrom, ...s.enum);
    if (s.format === 'uuid') {
      const ids = this.ids.own(field);
      return ids.length ? this.pick(ids) : g(fc.uuid);
    }
    if (s.example !== undefined && typeof s.example !== 'string' && g(fc.boolean)) return structuredClone(s.example);
    switch (jsonTypeOf(s)) {
      case 'object': {
        const out = {};
        for (const [name, property] of Object.entries(s.properties ?? {})) {
          const required = s.required?.includes(name) ?? false;
          // A read-only property is the server's to give: a caller building a body leaves it out.
          if (resolve(this.doc, property).readOnly || (!required && g(fc.boolean))) continue;
          const nullable = resolve(this.doc, property).nullable;
          setOwn(out, name, !required && nullable && g(fc.integer, { min: 0, max: 2 }) === 0 ? null : this.validish(property, name));
        }
        return out;
      }
      case 'array':
        return Array.from({ length: g(fc.constantFrom, 1, 2, 0, 3) }, () => this.validish(s.items ?? {}, field));
      case 'number': {
        const min = s.minimum ?? 0;
        const max = s.maximum ?? min + 10;
        const named = [s.example, s.default, s.minimum, s.maximum].filter((n): n is number => typeof n === 'number');
        return g(() => fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.constantFrom(...named, min)));
      }
      case 'boolean':
        return g(fc.boolean);
      default: {
        const word = g(fc.constantFrom, ...[s.example, s.default].filter((w): w is string => typeof w === 'string'), 'Alpha', 'Delve', 'notes');
        // A number keeps names that must be unique (models, clients, articles) from clashing every time.
        return g(fc.constantFrom, word, `${word} ${g(fc.nat, 9999)}`, `${word}${g(fc.nat, 9999)}`);
      }
    }
  }

  /** The schema-built body, unchanged. */
  asBuilt(schema: Schema): BodyCase {
    return { expect: 'wild', change: 'the schema-built body as is', body: this.text(this.validish(schema)) };
  }

  /** The schema-built body with one change the contract forbids. */
  invalid(schema: Schema): BodyCase {
    const { g } = this;
    const body = this.validish(schema);
    const all = this.locations(body, schema);
    const fields = all.filter((l) => l.path.length > 0);
    const objects = all.filter((l) => l.present && isPlainObject(valueAt(body, l.path)) && l.schema.properties);
    const invalid = (at: Location, value: unknown, change: string, names?: string[]) => this.changed(body, at.path, value, 'invalid', change, names);
    // Each mutation, the places in this body it can apply to, and how it changes one of them.
    const mutations: [Location[], (at: Location) => BodyCase][] = [
      [
        fields.filter((l) => jsonTypeOf(l.schema) === 'string'),
        (at) => {
          const current = valueAt(body, at.path);
          const text = insertForbidden(
            typeof current === 'string' ? current : 'text',
            g(() => forbiddenChar),
            g(fc.nat, 20),
          );
          return invalid(at, text, `forbidden character in the value of ${dotted(at.path)}`, [dotted(at.path)]);
        },
      ],
      [
        objects,
        (at) => {
          const object = valueAt(body, at.path) as Record<string, unknown>;
          const keys = Object.keys(object);
          const renamed = keys.length && g(fc.boolean) ? this.pick(keys) : undefined;
          const key = insertForbidden(
            renamed ?? 'note',
            g(() => forbiddenChar),
            g(fc.nat, 5),
          );
          const value = renamed === undefined ? 'x' : object[renamed];
          if (renamed !== undefined) delete object[renamed];
          setOwn(object, key, value);
          // The server may name the key itself or the object holding it.
          return {
            expect: 'invalid',
            change: `forbidden character in a key at ${dotted([...at.path, key])}`,
            body: this.text(body),
            names: [dotted([...at.path, key]), dotted(at.path)],
          };
        },
      ],
      [
        fields,
        (at) => {
          const depth = g(fc.constantFrom, 33, 40, 500, 5000);
          const shape = g(fc.constantFrom, 'array' as const, 'object' as const);
          return invalid(at, deeplyNested(depth, shape), `${depth} nested ${shape}s at ${dotted(at.path)}`);
        },
      ],
      [
        objects,
        (at) => {
          const key = this.pick(UNKNOWN_KEYS.filter((k) => !Object.prototype.hasOwnProperty.call(at.schema.properties, k)));
          setOwn(valueAt(body, at.path) as object, key, this.pick(ANY_VALUES));
          return { expect: 'invalid', change: `unknown key ${JSON.stringify(key)} in ${dotted(at.path)}`, body: this.text(body) };
        },
      ],
      [
        fields.filter((l) => l.present && l.required && l.property),
        (at) => {
          delete (valueAt(body, at.path.slice(0, -1)) as Record<string, unknown>)[at.path[at.path.length - 1]];
          return { expect: 'invalid', change: `required ${dotted(at.path)} left out`, body: this.text(body) };
        },
      ],
      [
        fields.filter((l) => !l.schema.nullable),
        (at) => invalid(at, null, `null for ${at.required ? 'required' : 'optional, not nullable,'} ${dotted(at.path)}`),
      ],
      [
        fields.filter((l) => jsonTypeOf(l.schema)),
        (at) => {
          const declared = jsonTypeOf(at.schema)!;
          const value = this.pick(Object.entries(VALUES_OF_TYPE).flatMap(([type, values]) => (type === declared ? [] : values)));
          return invalid(
            at,
            value,
            `${toJson(value)} for ${dotted(at.path)}, which is ${declared === 'array' || declared === 'object' ? 'an' : 'a'} ${declared}`,
          );
        },
      ],
      [
        fields.filter((l) => l.schema.enum?.length),
        (at) => {
          const first = String(at.schema.enum![0]);
          const value = this.pick(['zz_nope', `${first}x`, `x${first}`].filter((v) => !at.schema.enum!.includes(v)));
          return invalid(at, value, `${JSON.stringify(value)} for ${dotted(at.path)}, outside its enum`);
        },
      ],
      [
        fields.filter((l) => l.schema.format === 'uuid'),
        (at) => {
          const uuid = g(fc.uuid);
          // Not '': a section's logit_bias_group takes '' for "none" on purpose (the form's empty choice).
          const value = this.pick([
            'x',
            'None',
            'not-a-uuid',
            '123',
            uuid.replace(/-/g, ''),
            uuid.slice(0, -1),
            `${uuid}0`,
            `${uuid.slice(0, -1)}g`,
            `{${uuid}}`,
          ]);
          return invalid(at, value, `${JSON.stringify(value)} for ${dotted(at.path)}, which is a uuid`);
        },
      ],
      [
        all.slice(0, 1),
        () => ({ expect: 'invalid', change: 'a body that is not a JSON object', body: g(fc.constantFrom, ...NOT_OBJECTS, `[${this.text(body)}]`) }),
      ],
    ];
    const [where, mutate] = this.pick(mutations.filter(([places]) => places.length > 0));
    return mutate(this.pick(where));
  }

  /** The schema-built body, as is or with one change that may be valid or not. */
  wild(schema: Schema): BodyCase {
    const { g } = this;
    const body = this.validish(schema);
    const fields = this.locations(body, schema).filter((l) => l.path.length > 0);
    const of = (type: string) => fields.filter((l) => jsonTypeOf(l.schema) === type);
    const changes: [string, Location[], (at: Location) => unknown][] = [
      ['text', of('string'), () => g(() => wildString(100_000))],
      ['number', of('number'), () => g(() => wildNumber)],
      [
        'list',
        of('array').filter((l) => l.present),
        (at) => Array.from({ length: g(fc.constantFrom, 0, 5, 20, 51) }, () => this.validish(at.schema.items ?? {})),
      ],
      ['id', fields.filter((l) => l.schema.format === 'uuid'), () => this.pick([g(fc.uuid), ...this.ids.own(undefined)])],
      ['optional property', fields.filter((l) => !l.present && !l.schema.readOnly), (at) => this.validish(at.schema, String(at.path[at.path.length - 1]))],
    ];
    const possible = changes.filter(([, where]) => where.length > 0);
    if (possible.length === 0 || g(fc.nat, 4) === 0) return { expect: 'wild', change: 'the schema-built body as is', body: this.text(body) };
    const [what, where, value] = this.pick(possible);
    const at = this.pick(where);
    const changed = value(at);
    return this.changed(body, at.path, changed, 'wild', `wild ${what} at ${dotted(at.path)}: ${clipJson(changed)}`);
  }

  /** The schema-built body with another operator's id in one uuid field or in the path. */
  foreign(schema: Schema | undefined, pathIds: string[]): BodyCase | undefined {
    const body = schema ? this.validish(schema) : undefined;
    const uuids = schema ? this.locations(body, schema).filter((l) => l.path.length > 0 && l.schema.format === 'uuid') : [];
    if (pathIds.length > 0 && (uuids.length === 0 || this.g(fc.boolean))) {
      const pathId = this.pick(pathIds);
      return { expect: 'foreign', change: `another operator's record in the path (${pathId})`, body: body === undefined ? undefined : this.text(body), pathId };
    }
    if (uuids.length === 0) return undefined;
    const at = this.pick(uuids);
    const id = this.pick(this.ids.foreign(String(at.path[at.path.length - 1])));
    return this.changed(body, at.path, id, 'foreign', `another operator's id at ${dotted(at.path)} (${id})`);
  }

  /**
   * The schema-built body (a field of text for a route that documents none) as each media type the JSON parser
   * does not read: a 415, whatever the body says.
   */
  notJson(schema: Schema | undefined): BodyCase[] {
    const json = schema ? this.asBuilt(schema).body! : '{"value":"x"}';
    return NOT_JSON.map(([contentType, encode]) => ({ expect: 'invalid', change: `the body as ${contentType}`, body: encode(json), contentType }));
  }

  /** Anything at all, for a route that documents no body: it must be ignored or refused, never a 5xx. */
  anyBody(): BodyCase {
    const { g } = this;
    const choices: [string, () => string | undefined][] = [
      ['no body', () => undefined],
      ['an empty object', () => '{}'],
      ['random JSON', () => toJson(withoutWebAddresses(g(fc.jsonValue, { maxDepth: 4 })))],
      ['deep nesting', () => deeplyNested(g(fc.constantFrom, 33, 5000), g(fc.constantFrom, 'array' as const, 'object' as const)).text],
      ['a __proto__ key', () => '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
      [
        'a forbidden character',
        () =>
          toJson({
            [insertForbidden(
              'key',
              g(() => forbiddenChar),
              1,
            )]: insertForbidden(
              'value',
              g(() => forbiddenChar),
              2,
            ),
          }),
      ],
      ['text that is not JSON', () => g(fc.constantFrom, '{', 'x', '{"a":', "{'a':1}", '[1,]')],
      ['wild text', () => toJson({ name: g(() => wildString(10_000)) })],
    ];
    const [change, make] = this.pick(choices);
    return { expect: 'wild', change, body: make() };
  }

  /** Every place in `value` the schema describes, and the absent optional properties of its objects. */
  private locations(value: unknown, schema: Schema, path: Path = [], required = true, property = false): Location[] {
    const s = resolve(this.doc, schema);
    const here: Location[] = [{ path, schema: s, present: true, required, property }];
    if (isPlainObject(value) && s.properties) {
      for (const [name, child] of Object.entries(s.properties)) {
        const isRequired = s.required?.includes(name) ?? false;
        if (Object.prototype.hasOwnProperty.call(value, name)) {
          here.push(...this.locations(value[name], child, [...path, name], isRequired, true));
        } else {
          here.push({ path: [...path, name], schema: resolve(this.doc, child), present: false, required: isRequired, property: true });
        }
      }
    } else if (Array.isArray(value) && s.items) {
      value.forEach((item, index) => here.push(...this.locations(item, s.items!, [...path, index], true, false)));
    }
    return here;
  }

  private changed(body: unknown, path: Path, value: unknown, expect: Expectation, change: string, names?: string[]): BodyCase {
    const parent = valueAt(body, path.slice(0, -1)) as object;
    setOwn(parent, path[path.length - 1], value);
    return { expect, change, body: this.text(body), names };
  }

  private text(body: unknown): string {
    return toJson(withoutWebAddresses(body));
  }

  private pick<T>(items: T[]): T {
    if (items.length === 0) return undefined as T;
    return items[this.g(fc.nat, items.length - 1)];
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson);
}

function valueAt(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, step) => (value as Record<string | number, unknown>)[step], body);
}

function clipJson(value: unknown): string {
  const text = toJson(value);
  return text.length <= 80 ? text : `${text.slice(0, 80)}… (${text.length} characters)`;
}
