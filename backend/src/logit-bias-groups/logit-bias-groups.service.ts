import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { LOGIT_BIAS_MAX_TOKENS, logitBiasFor, TOKENIZER_FAMILIES, TokenizerFamily, tokensOfWord } from '../integrations/openai/tokenizer';
import { BiasGroupValues, LogitBiasGroupsRepository } from './logit-bias-groups.repository';
import { BiasEntry } from './logit-bias-groups.schema';
import { BiasEntryDto, LogitBiasGroupDto, LogitBiasGroupResponse, TokenPreviewResponse, toLogitBiasGroupResponse } from './logit-bias-groups.dto';

const FAMILY_LABEL: Record<TokenizerFamily, string> = {
  o200k_base: 'the gpt-4o family (o200k_base)',
  cl100k_base: 'gpt-4 and gpt-3.5 (cl100k_base)',
};

/** Spec §5: words split on commas, trimmed, empties dropped (also inside a posted word). */
export function cleanWords(words: string[]): string[] {
  return words.flatMap((word) => word.split(',')).map((word) => word.trim()).filter(Boolean);
}

/** Logit-bias word lists, with the words, their count and the token limit derived on the server. */
@Injectable()
export class LogitBiasGroupsService {
  constructor(private readonly groups: LogitBiasGroupsRepository) {}

  async list(userId: string, query: ListQuery): Promise<Page<LogitBiasGroupResponse>> {
    const page = await this.groups.list(userId, query);
    return { ...page, rows: page.rows.map(toLogitBiasGroupResponse) };
  }

  async get(userId: string, id: string): Promise<LogitBiasGroupResponse> {
    return toLogitBiasGroupResponse(await this.require(userId, id));
  }

  async create(userId: string, dto: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    return toLogitBiasGroupResponse(await this.groups.create(userId, this.derive(dto)));
  }

  async update(userId: string, id: string, dto: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    const values = this.derive(dto);
    const row = await this.groups.update(userId, id, values);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return toLogitBiasGroupResponse(row);
  }

  async remove(userId: string, id: string): Promise<LogitBiasGroupResponse> {
    const row = await this.groups.delete(userId, id);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return toLogitBiasGroupResponse(row);
  }

  preview(entries: BiasEntryDto[], family: TokenizerFamily): TokenPreviewResponse {
    const words = entries.flatMap((entry) => cleanWords(entry.words)).map((word) => tokensOfWord(word, family));
    return { family, words, tokenCount: Object.keys(logitBiasFor(this.clean(entries), family)).length, limit: LOGIT_BIAS_MAX_TOKENS };
  }

  async require(userId: string, id: string) {
    const row = await this.groups.findOwned(userId, id);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return row;
  }

  private clean(entries: BiasEntryDto[]): BiasEntry[] {
    return entries.map((entry) => ({ words: cleanWords(entry.words), bias: entry.bias }));
  }

  /** Every group needs a word, and the whole list must fit OpenAI's logit_bias for every tokenizer. */
  private derive(dto: LogitBiasGroupDto): BiasGroupValues {
    const entries = this.clean(dto.entries);
    const empty = entries.findIndex((entry) => entry.words.length === 0);
    if (empty >= 0) {
      throw new BadRequestException({
        message: `Group ${empty + 1} needs at least one word.`,
        errors: [{ field: `entries.${empty}.words`, message: 'at least one word is required' }],
      });
    }
    for (const family of TOKENIZER_FAMILIES) {
      const tokens = Object.keys(logitBiasFor(entries, family)).length;
      if (tokens > LOGIT_BIAS_MAX_TOKENS) {
        throw new BadRequestException({
          message: `This list maps to ${tokens} tokens for ${FAMILY_LABEL[family]}; OpenAI accepts at most ${LOGIT_BIAS_MAX_TOKENS}. Remove some words.`,
          errors: [{ field: 'entries', message: `maps to ${tokens} tokens (at most ${LOGIT_BIAS_MAX_TOKENS})` }],
        });
      }
    }
    const words = entries.flatMap((entry) => entry.words);
    return { name: dto.name, entries, words, wordCount: words.length };
  }
}
