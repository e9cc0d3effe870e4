import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiQuery, ApiResponse, getSchemaPath, OpenAPIObject } from '@nestjs/swagger';
import type { Filterable } from './list-query';
import { ACCESS_EXTENSION, AccessRule } from './access';

/** Every error answers this shape (see http-exception.filter.ts). */
export class FieldErrorResponse {
  @ApiProperty({ example: 'sections.0.heading' })
  field!: string;

  @ApiProperty({ example: 'heading is required' })
  message!: string;
}

export class ErrorResponse {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request', description: 'The HTTP reason phrase' })
  error!: string;

  @ApiProperty({ example: 'heading is required', description: 'What went wrong, in words a person can act on' })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorResponse], description: 'For validation errors: each field and what is wrong with it' })
  errors?: FieldErrorResponse[];

  @ApiPropertyOptional({
    example: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    description: "The request's id, as in its `x-request-id` response header and in the server's log line for it",
  })
  requestId?: string;
}

/** When a job (a History entry) was queued, started and ended: the fields every kind of job answers. */
export class JobTimesResponse {
  @ApiProperty({ type: String, format: 'date-time', description: 'When it was queued' })
  timestamp!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startedAt!: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt!: Date | null;
}

const ERRORS: Record<number, string> = {
  400: 'The request is not valid: `message` says why and `errors` names the fields',
  401: 'No session and no good API token: sign in, or send `Authorization: Bearer qk_…`',
  403: 'Signed in, but not allowed to: `message` says who may',
  404: 'No such record of yours',
  409: 'Refused in the current state: `message` says why',
  415: 'A body that is not JSON: send it with Content-Type: application/json',
  429: 'Too many requests: sign-ins from this address, or an API token past its minute; `retry-after` says how long to wait',
  502: 'An outside service (OpenAI, Notion, Google) failed or refused: `message` names it and why',
  503: 'Busy, or the database does not answer: try again in a moment',
};

/** What each error looks like, for the document's examples (the messages are real ones). */
const ERROR_EXAMPLES: Record<number, ErrorResponse> = {
  400: { statusCode: 400, error: 'Bad Request', message: 'name is required', errors: [{ field: 'name', message: 'name is required' }] },
  401: { statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' },
  403: { statusCode: 403, error: 'Forbidden', message: 'Only the owners of the data (DATA_OWNER_EMAILS) may download a backup.' },
  404: { statusCode: 404, error: 'Not Found', message: 'Section not found.' },
  409: { statusCode: 409, error: 'Conflict', message: 'A model named "Blog voice" already exists.' },
  415: {
    statusCode: 415,
    error: 'Unsupported Media Type',
    message: 'The Content-Type "text/plain" is not supported; send the body as JSON, with Content-Type: application/json.',
  },
  429: { statusCode: 429, error: 'Too Many Requests', message: 'ThrottlerException: Too Many Requests' },
  502: {
    statusCode: 502,
    error: 'Bad Gateway',
    message: 'OpenAI: rejected the API key saved on Home while trying to upload the training file; check the key and save it again.',
  },
  503: { statusCode: 503, error: 'Service Unavailable', message: 'Quire is busy with other work; try again in a moment.' },
};

/** The error answers an operation may give, each with the error shape. */
export function ApiErrors(...statuses: (keyof typeof ERRORS)[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: ERRORS[status], type: ErrorResponse, example: ERROR_EXAMPLES[status] })),
  );
}

/**
 * A list route as ra-data-simple-rest calls it: `sort`, `range` and `filter` as JSON in the query,
 * the rows as an array and the total in `Content-Range`.
 */
export function ApiList(type: Type<unknown>, resource: string, fields: { sortable: readonly string[]; filterable: Filterable }): MethodDecorator {
  const sortable = ['id', ...fields.sortable].join(', ');
  const filterable = Object.entries(fields.filterable)
    .map(([name, kind]) => (kind === 'search' ? `${name} (text search)` : kind === 'uuid' ? `${name} (an id or a list of ids)` : `${name} (a value or a list)`))
    .join(', ');
  return applyDecorators(
    ApiExtraModels(type),
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON \`["field","ASC"|"DESC"]\`; fields: ${sortable}`,
      schema: { type: 'string', example: '["id","ASC"]' },
    }),
    ApiQuery({
      name: 'range',
      required: false,
      description: 'JSON `[start,end]`, both included, at most 1,000 rows (also the cap without it)',
      schema: { type: 'string', example: '[0,24]' },
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description: filterable ? `JSON object; fields: ${filterable}` : 'JSON object; this list has no filters',
      schema: { type: 'string', example: '{}' },
    }),
    ApiOkResponse({
      description: 'The rows of the range',
      schema: { type: 'array', items: { $ref: getSchemaPath(type) } },
      headers: {
        'Content-Range': {
          description: '`<resource> <start>-<end>/<total>` (`*` for an empty range)',
          schema: { type: 'string', example: `${resource} 0-24/120` },
        },
      },
    }),
  );
}

type Operation = {
  security?: unknown[];
  responses: Record<string, unknown>;
  parameters?: { in: string }[];
  requestBody?: unknown;
  [ACCESS_EXTENSION]?: AccessRule;
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What holds for every operation, written into the document in one place: the session cookie
 * (none for the public paths the auth middleware lets through), the 401 without one, the 400 of
 * the input pipes wherever there is input, the 404 of a record id in the path, and the 415 of a
 * write sent a body that is not JSON (json-body.ts).
 */
export function documentAccess(document: OpenAPIObject, isPublic: (path: string) => boolean): OpenAPIObject {
  const errorRef = { $ref: getSchemaPath(ErrorResponse) };
  const error = (status: number) => ({ description: ERRORS[status], content: { 'application/json': { schema: errorRef, example: ERROR_EXAMPLES[status] } } });
  // A session, or an API token on a workspace's routes (auth.middleware.ts, permission.guard.ts).
  document.security = [{ cookie: [] }, { token: [] }];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
      const workspaces = operation[ACCESS_EXTENSION]?.scope === 'workspace';
      if (isPublic(path)) operation.security = [];
      else operation.responses['401'] ??= error(401);
      if (!isPublic(path) && !workspaces) operation.security = [{ cookie: [] }];
      if (workspaces) operation.responses['429'] ??= error(429);
      // The role guard may refuse any route not declared outside the workspaces (common/access.ts).
      if (!isPublic(path) && operation[ACCESS_EXTENSION]?.scope !== 'outside') operation.responses['403'] ??= error(403);
      if (operation.requestBody || operation.parameters?.some((p) => p.in === 'query')) operation.responses['400'] ??= error(400);
      if (operation.parameters?.some((p) => p.in === 'path')) operation.responses['404'] ??= error(404);
      if (WRITES.has(method)) operation.responses['415'] ??= error(415);
    }
  }
  return document;
}
