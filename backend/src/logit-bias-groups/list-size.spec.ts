import { BadRequestException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { checkListSize, MAX_GROUP_WORDS, MAX_GROUPS, MAX_LIST_WORDS } from './list-size';
import { LogitBiasGroupDto, TokenPreviewDto, UpdateLogitBiasGroupDto } from './logit-bias-groups.dto';

const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const groupsOf = (all: string[], size: number) =>
  Array.from({ length: Math.ceil(all.length / size) }, (_, g) => ({ words: all.slice(g * size, g * size + size), bias: -100 }));

function refusal(body: unknown) {
  try {
    checkListSize(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  return null;
}

describe(checkListSize.name, () => {
  it('should pass the largest list the service takes', () => {
    expect(refusal({ name: 'L', entries: groupsOf(words(MAX_LIST_WORDS), MAX_GROUP_WORDS), words: words(MAX_LIST_WORDS) })).toBeNull();
  });

  it('should refuse a 1 MB body of 25,000 words with the answer the service gives', () => {
    const body = { name: 'Vast', entries: groupsOf(words(25_000, 'qzxqzxqzxqzxqzxqzxqzxqzxqzx'), MAX_GROUP_WORDS) };
    expect(refusal(body)).toEqual({
      message: 'This list holds 25000 words; a list may hold at most 1000 (OpenAI takes at most 300 token ids). Remove some words.',
      errors: [{ field: 'entries', message: 'holds 25000 words (at most 1000)' }],
    });
  });

  it('should count the words after splitting on commas and dropping empties, as the service does', () => {
    expect(refusal({ entries: [{ words: [words(MAX_LIST_WORDS).join(','), ' , ,', ''] }] })).toBeNull();
    expect(refusal({ entries: [{ words: [words(MAX_LIST_WORDS + 1).join(',')] }] })).toMatchObject({
      message: expect.stringMatching(/^This list holds 1001 words/),
    });
  });

  it('should refuse too many groups, a group of too many words, or too many derived words, as validation words it', () => {
    expect(refusal({ entries: Array.from({ length: MAX_GROUPS + 1 }, () => ({ words: ['a'], bias: 1 })) })).toEqual({
      message: 'a list may hold at most 50 groups',
      errors: [{ field: 'entries', message: 'a list may hold at most 50 groups' }],
    });
    expect(refusal({ entries: [{ words: ['a'] }, { words: Array(MAX_GROUP_WORDS + 1).fill('') }] })).toEqual({
      message: 'a group may hold at most 500 words',
      errors: [{ field: 'entries.1.words', message: 'a group may hold at most 500 words' }],
    });
    expect(refusal({ entries: [{ words: ['a'] }], words: Array(MAX_LIST_WORDS + 1).fill('') })).toEqual({
      message: 'words may hold at most 1000 words',
      errors: [{ field: 'words', message: 'words may hold at most 1000 words' }],
    });
  });

  it('should leave any other shape to validation', () => {
    for (const body of [null, 'text', [], {}, { entries: 'x' }, { entries: [null, 3, { words: 'x' }, { words: [1, {}] }] }, { words: {} }]) {
      expect(refusal(body)).toBeNull();
    }
  });

  it('should be the size check of every bias-list body, and agree with its validation', () => {
    for (const dto of [LogitBiasGroupDto, UpdateLogitBiasGroupDto, TokenPreviewDto]) expect(dto.checkSize).toBe(checkListSize);
    // What passes the count still meets the same caps in validation (for a caller that skips the pipe).
    const errors = validateSync(
      plainToInstance(LogitBiasGroupDto, { name: 'L', entries: Array.from({ length: MAX_GROUPS + 1 }, () => ({ words: ['a'], bias: 1 })) }),
    );
    expect(errors.flatMap((e) => Object.values(e.constraints ?? {}))).toContain('a list may hold at most 50 groups');
  });
});
