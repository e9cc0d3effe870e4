import { Scope } from '../workspaces/scope';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { holdsAlready, unchanged } from '../common/unchanged';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { LOGIT_BIAS_MAX_TOKENS, TokenizerFamily } from '../integrations/openai/tokenizer';
import { BiasGroupValues, LogitBiasGroupsRepository } from './logit-bias-groups.repository';
import { BiasEntry } from './logit-bias-groups.schema';
import { cleanWords, MAX_LIST_WORDS, tooManyWords } from './list-size';
import { BiasEntryDto, LogitBiasGroupDto, LogitBiasGroupResponse, TokenPreviewResponse, toLogitBiasGroupResponse } from './logit-bias-groups.dto';

const FAMILY_LABEL: Record<TokenizerFamily, string> = {
  o200k_base: 'the gpt-4o family (o200k_base)',
  cl100k_base: 'gpt-4 and gpt-3.5 (cl100k_base)',
};

/** Logit-bias word lists, with the words, their count and the token limit derived on the server. */
@Injectable()
export class LogitBiasGroupsService {
  constructor(
    private readonly groups: LogitBiasGroupsRepository,
    private readonly cpu: CpuPool,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<LogitBiasGroupResponse>> {
    const page = await this.groups.list(scope, query);
    return { ...page, rows: page.rows.map(toLogitBiasGroupResponse) };
  }

  async get(scope: Scope, id: string): Promise<LogitBiasGroupResponse> {
    return toLogitBiasGroupResponse(await this.require(scope, id));
  }

  async create(scope: Scope, dto: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    return toLogitBiasGroupResponse(await this.groups.create(scope, await this.derive(dto)));
  }

  /**
   * The fields given replace the saved ones: a new name alone keeps the groups (and their maps, not
   * made again). Values equal to the saved ones (`{}` included) write nothing.
   */
  async update(scope: Scope, id: string, dto: Partial<LogitBiasGroupDto>): Promise<LogitBiasGroupResponse> {
    const current = await this.require(scope, id);
    const name = dto.name ?? current.name;
    const values = dto.entries ? await this.derive({ name, entries: dto.entries }) : { name };
    if (holdsAlready(current, values)) return unchanged(toLogitBiasGroupResponse(current));
    const row = await this.groups.update(scope, id, values);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return toLogitBiasGroupResponse(row);
  }

  async remove(scope: Scope, id: string): Promise<LogitBiasGroupResponse> {
    const row = await this.groups.delete(scope, id);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return toLogitBiasGroupResponse(row);
  }

  /** Tokenised in a worker thread, like every list: a long one never holds the event loop. */
  async preview(entries: BiasEntryDto[], family: TokenizerFamily): Promise<TokenPreviewResponse> {
    const words = this.capped(this.clean(entries)).flatMap((entry) => entry.words);
    const { words: tokens, tokenCount } = await this.cpu.run('previewTokens', { words, family });
    return { family, words: tokens, tokenCount, limit: LOGIT_BIAS_MAX_TOKENS };
  }

  async require(scope: Scope, id: string) {
    const row = await this.groups.findOwned(scope, id);
    if (!row) throw new NotFoundException('Bias word list not found.');
    return row;
  }

  private clean(entries: BiasEntryDto[]): BiasEntry[] {
    return entries.map((entry) => ({ words: cleanWords(entry.words), bias: entry.bias }));
  }

  /** At most MAX_LIST_WORDS words, refused before any tokenising. */
  private capped(entries: BiasEntry[]): BiasEntry[] {
    const count = entries.reduce((sum, entry) => sum + entry.words.length, 0);
    if (count > MAX_LIST_WORDS) throw tooManyWords(count);
    return entries;
  }

  /**
   * Every group needs a word, and the whole list must fit OpenAI's logit_bias for every tokenizer.
   * The maps are made in a worker thread, and kept with the list.
   */
  private async derive(dto: Pick<LogitBiasGroupDto, 'name' | 'entries'>): Promise<BiasGroupValues> {
    const entries = this.capped(this.clean(dto.entries));
    const empty = entries.findIndex((entry) => entry.words.length === 0);
    if (empty >= 0) {
      throw new BadRequestException({
        message: `Group ${empty + 1} needs at least one word.`,
        errors: [{ field: `entries.${empty}.words`, message: 'at least one word is required' }],
      });
    }
    // The maps sent to OpenAI are made here, once, for every tokenizer; making one stops as soon as it is too long.
    const made = await this.cpu.run('logitBiasMaps', { entries, limit: LOGIT_BIAS_MAX_TOKENS });
    if ('over' in made) {
      throw new BadRequestException({
        message: `This list maps to more than ${LOGIT_BIAS_MAX_TOKENS} tokens for ${FAMILY_LABEL[made.over]}; OpenAI accepts at most ${LOGIT_BIAS_MAX_TOKENS}. Remove some words.`,
        errors: [{ field: 'entries', message: `maps to more than ${LOGIT_BIAS_MAX_TOKENS} tokens` }],
      });
    }
    const words = entries.flatMap((entry) => entry.words);
    return { name: dto.name, entries, words, wordCount: words.length, logitBias: made.maps };
  }
}
