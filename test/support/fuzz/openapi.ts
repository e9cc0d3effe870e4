/**
 * Reads Quire's own OpenAPI document (/api/docs-json) into the operations the fuzz suite drives,
 * so a route added to the server is fuzzed without anyone editing the suite.
 */

/** The part of an OpenAPI 3 schema object the suite understands. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  /** Answered by the server, never sent by a caller (a record's own `_id`, its timestamps). */
  readOnly?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

/** Who may call an operation, as the route declares it (backend/src/common/access.ts). */
export type Access = { scope: 'workspace'; resource: string; action: 'read' | 'write'; self?: string } | { scope: 'anyone' } | { scope: 'outside' };

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  'x-quire-access'?: Access;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The documented path, e.g. `/api/sections/{id}`. */
  path: string;
  /** `POST /api/sections/{id}`: how failures and FUZZ_ROUTE name a route. */
  key: string;
  pathParams: string[];
  queryParams: Parameter[];
  body: Schema | undefined;
  access: Access;
}

// Sign-in and sign-out take no input a caller controls (redirects, OAuth callbacks, a cookie);
// fuzzing them would only sign the fuzzing operator out or trip the sign-in throttle.
const EXCLUDED = [/^\/api\/auth(\/|$)/, /^\/api\/logout$/];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (EXCLUDED.some((pattern) => pattern.test(path))) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      const access = op['x-quire-access'];
      if (!access) throw new Error(`${method.toUpperCase()} ${path} declares no access in the OpenAPI document`);
      operations.push({
        method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        access,
      });
    }
  }
  return operations;
}

/** Follows `$ref`s and single-element `allOf`s (how @nestjs/swagger wraps a described nested DTO). */
export function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 20; hops++) {
    if (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = doc.components?.schemas?.[name];
      if (!target) throw new Error(`The OpenAPI document refers to a missing schema: ${current.$ref}`);
      const { $ref: _ref, ...rest } = current;
      current = { ...target, ...rest };
    } else if (current.allOf?.length === 1) {
      const { allOf, ...rest } = current;
      current = { ...allOf[0], ...rest };
    } else {
      return current;
    }
  }
  throw new Error('The OpenAPI document has a $ref cycle');
}

/**
 * The JSON type a value of this schema must have, as the document says. A `format: uuid` wins over
 * `type`: a uuid is text whatever the type (@nestjs/swagger writes `type: object` for `string | null`).
 */
export function jsonTypeOf(schema: Schema): 'object' | 'array' | 'string' | 'number' | 'boolean' | undefined {
  if (schema.format === 'uuid') return 'string';
  if (schema.type === 'integer') return 'number';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** The list route (e.g. `/api/sections`) whose records a path like `/api/sections/{id}/copy` names. */
export function resourceOf(path: string): string {
  return path.split('/{')[0];
}
