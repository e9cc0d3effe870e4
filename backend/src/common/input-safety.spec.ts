import { ArgumentMetadata, BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { findUnsafeInput, InputSafetyPipe, MAX_INPUT_DEPTH } from './input-safety';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe(InputSafetyPipe.name, () => {
  const pipe = new InputSafetyPipe();
  const body: ArgumentMetadata = { type: 'body' };
  const query: ArgumentMetadata = { type: 'query' };

  describe('findUnsafeInput', () => {
    it('should accept ordinary text, with line breaks, tabs, emoji and surrogate pairs', () => {
      expect(findUnsafeInput({ name: 'Café 😀', notes: 'line\n\tbreak', list: [1, true, null, 'x'] })).toBeNull();
    });

    it.each([
      ['a NUL', { name: 'a\u0000b' }, 'name'],
      ['a lone high surrogate', { sections: [{ heading: 'x\ud800' }] }, 'sections.0.heading'],
      ['a lone low surrogate', { sections: [{ heading: '\udc00x' }] }, 'sections.0.heading'],
      ['a reversed pair', { a: { b: '\udc00\ud800' } }, 'a.b'],
    ])('should refuse %s, naming the field', (_, value, field) => {
      expect(findUnsafeInput(value)).toMatchObject({ field, message: 'must not contain NUL characters or unpaired surrogates' });
    });

    it('should refuse a field name holding a NUL, naming it', () => {
      expect(findUnsafeInput({ envVars: { 'A\u0000': 'x' } })).toMatchObject({
        field: 'envVars.A\u0000',
        message: 'name must not contain NUL characters or unpaired surrogates',
      });
    });

    it.each(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'])(
      'should refuse the key %s at any level, as an unknown field',
      (key) => {
        const value = JSON.parse(`{"entries":[{"words":["a"],"${key}":{"polluted":true}}]}`);
        expect(findUnsafeInput(value)).toMatchObject({ field: `entries.0.${key}`, message: `property ${key} should not exist` });
      },
    );

    it(`should accept ${MAX_INPUT_DEPTH} levels of nesting and refuse ${MAX_INPUT_DEPTH + 1}`, () => {
      expect(findUnsafeInput(nested(MAX_INPUT_DEPTH))).toBeNull();
      expect(findUnsafeInput(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ message: `is nested more than ${MAX_INPUT_DEPTH} levels deep` });
    });

    it('should inspect half a million levels without overflowing the stack', () => {
      const deep = JSON.parse('['.repeat(500_000) + ']'.repeat(500_000));
      expect(findUnsafeInput(deep)).toMatchObject({ message: `is nested more than ${MAX_INPUT_DEPTH} levels deep` });
    });

    it('should refuse any control character only where asked (query strings)', () => {
      expect(findUnsafeInput({ q: 'a\u0007b' })).toBeNull();
      expect(findUnsafeInput({ q: 'a\u0007b' }, { controlCharacters: true })).toMatchObject({ field: 'q', message: 'must not contain control characters' });
      expect(findUnsafeInput({ q: 'a\nb' }, { controlCharacters: true })).toMatchObject({ field: 'q' });
    });

    it('should find a NUL wherever it is put in any JSON value', () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(), (value, pick) => {
          const text = JSON.stringify(value);
          const strings = [...text.matchAll(/"(?:[^"\\]|\\.)*"/g)];
          fc.pre(strings.length > 0);
          const target = strings[pick % strings.length];
          const at = target.index! + 1;
          const poisoned = JSON.parse(text.slice(0, at) + '\\u0000' + text.slice(at));
          return findUnsafeInput(poisoned) !== null;
        }),
      );
    });
  });

  describe('transform', () => {
    it('should pass bodies and queries that are safe, and leave other arguments alone', () => {
      const value = { name: 'ok' };
      expect(pipe.transform(value, body)).toBe(value);
      expect(pipe.transform({ sort: '["name","ASC"]' }, query)).toEqual({ sort: '["name","ASC"]' });
      expect(pipe.transform('a\u0000', { type: 'param', data: 'id' })).toBe('a\u0000');
    });

    it('should answer a 400 whose errors name the field', () => {
      try {
        pipe.transform({ sections: [{ heading: 'a\u0000' }] }, body);
        throw new Error('not refused');
      } catch (error) {
        expect(error).toBeInstanceOf(BadRequestException);
        expect((error as BadRequestException).getResponse()).toEqual({
          message: 'sections.0.heading must not contain NUL characters or unpaired surrogates.',
          errors: [{ field: 'sections.0.heading', message: 'must not contain NUL characters or unpaired surrogates' }],
        });
      }
    });

    it("should run the body DTO's own size check first, and only on bodies", () => {
      class Capped {
        static checkSize(value: unknown) {
          if ((value as { items: unknown[] }).items.length > 2) throw new BadRequestException('items may hold at most 2');
        }
      }
      const capped: ArgumentMetadata = { type: 'body', metatype: Capped };
      expect(() => pipe.transform({ items: [1, 2, 3] }, capped)).toThrow('items may hold at most 2');
      // Refused by its size before the walk that would have found the NUL.
      expect(() => pipe.transform({ items: [1, 2, 'a\u0000'] }, capped)).toThrow('items may hold at most 2');
      expect(pipe.transform({ items: [1, 2] }, capped)).toEqual({ items: [1, 2] });
      expect(pipe.transform({ items: [1, 2, 3] }, { type: 'query', metatype: Capped })).toEqual({ items: [1, 2, 3] });
    });
  });
});
