import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { FieldError } from './http-exception.filter';

/** Deeper bodies are refused before anything walks them recursively (class-transformer would overflow the stack). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Keys that name an object's prototype or its built-in methods (`__proto__`, `constructor`,
 * `toString`, `hasOwnProperty`, …): never a field of ours, and class-transformer drops them
 * silently instead of reporting them, so they are refused here like any unknown field.
 */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** NUL and UTF-16 surrogates without their pair: PostgreSQL's text and jsonb refuse both. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Control characters (C0 and DEL): no query parameter of ours has a use for them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const UNSTORABLE_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
const CONTROL_MESSAGE = 'must not contain control characters';

interface UnsafeInput extends FieldError {
  /** A sentence for the reply's `message`. */
  summary: string;
}

/**
 * The first thing in `value` that must never reach validation or the database: nesting deeper
 * than MAX_INPUT_DEPTH, a prototype key, or a string (value or key) with characters PostgreSQL
 * cannot store — or, with `controlCharacters`, any control character. Walks iteratively, so any
 * depth is safe to inspect.
 */
export function findUnsafeInput(value: unknown, options: { controlCharacters?: boolean } = {}): UnsafeInput | null {
  const forbidden = options.controlCharacters ? CONTROL : UNSTORABLE;
  const message = options.controlCharacters ? CONTROL_MESSAGE : UNSTORABLE_MESSAGE;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const field = item.path || 'body';
    if (typeof item.value === 'string') {
      if (forbidden.test(item.value)) return { field, message, summary: `${field} ${message}.` };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      return {
        field,
        message: `is nested more than ${MAX_INPUT_DEPTH} levels deep`,
        summary: `The request is nested more than ${MAX_INPUT_DEPTH} levels deep.`,
      };
    }
    for (const key of Object.keys(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) return { field: path, message: `property ${key} should not exist`, summary: `property ${key} should not exist` };
      if (forbidden.test(key)) return { field: path, message: `name ${message}`, summary: `The field name ${JSON.stringify(key)} ${message}.` };
      stack.push({ value: (item.value as Record<string, unknown>)[key], path, depth: item.depth + 1 });
    }
  }
  return null;
}

export function unsafeInputError(problem: UnsafeInput): BadRequestException {
  return new BadRequestException({ message: problem.summary, errors: [{ field: problem.field, message: problem.message }] });
}

/**
 * A body DTO may declare a cheap check of the body's size (`static checkSize`): it counts the
 * lists the DTO caps and throws a 400 when one is too long, before anything walks the body. A
 * large body is then refused in a moment instead of after class-transformer and class-validator
 * have visited every element.
 */
interface SizeChecked {
  checkSize(body: unknown): void;
}

/**
 * Runs before the ValidationPipe on every body and query: the body DTO's own size check, then
 * refuses what no DTO should ever see (see findUnsafeInput). Query strings may hold no control
 * characters at all.
 */
@Injectable()
export class InputSafetyPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    if (metadata.type === 'body') (metadata.metatype as Partial<SizeChecked> | undefined)?.checkSize?.(value);
    const problem = findUnsafeInput(value, { controlCharacters: metadata.type === 'query' });
    if (problem) throw unsafeInputError(problem);
    return value;
  }
}
