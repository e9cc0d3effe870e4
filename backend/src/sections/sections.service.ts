import { Scope } from '../workspaces/scope';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EXAMPLES_COUNT } from '@quire/shared';
import { ListQuery, Page } from '../common/list-query';
import { holdsAlready, unchanged } from '../common/unchanged';
import { givenFields, notYours } from '../common/validation';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { ModelLineupService } from '../models/model-lineup.service';
import { ModelsRepository } from '../models/models.repository';
import { copyBase, copyName } from './copy-name';
import { SectionDto, SectionResponse, SectionVersionResponse, toSectionResponse, toSectionVersionResponse } from './sections.dto';
import { SectionsRepository, SectionValues, valuesOf } from './sections.repository';
import { SectionRow } from './sections.schema';
import { SectionVersionsRepository } from './section-versions.repository';

/** What a create leaves out: no notes, no bias list (the DTO requires the rest). */
const NEW_SECTION: SectionValues = {
  name: '',
  model: '',
  temperature: 0,
  reasoningEffort: null,
  logitBiasGroup: null,
  systemMessage: '',
  userMessage: '',
  examplesModel: null,
  examplesCount: EXAMPLES_COUNT.default,
  notes: '',
};

/** Prompt sections: each names one of the user's models and, optionally, one of their bias lists. */
@Injectable()
export class SectionsService {
  constructor(
    private readonly sections: SectionsRepository,
    private readonly versions: SectionVersionsRepository,
    private readonly models: ModelsRepository,
    private readonly biasGroups: LogitBiasGroupsRepository,
    private readonly lineups: ModelLineupService,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<SectionResponse>> {
    const page = await this.sections.list(scope, query);
    return { ...page, rows: await this.respond(scope, page.rows) };
  }

  async get(scope: Scope, id: string): Promise<SectionResponse> {
    return this.respondOne(scope, await this.require(scope, id));
  }

  async create(scope: Scope, dto: SectionDto): Promise<SectionResponse> {
    return this.respondOne(scope, await this.sections.create(scope, await this.values(scope, dto, NEW_SECTION)));
  }

  /** The sections as answered, each with its model's shut-down date (the key's listing read once). */
  private async respond(scope: Scope, rows: SectionRow[]): Promise<SectionResponse[]> {
    const models = await this.models.openAiModels(scope, [...new Set(rows.map((row) => row.model))]);
    const key = models.length > 0 ? await this.lineups.forWorkspace(scope) : { unknown: null };
    const dates = new Map(models.map((model) => [model.id, this.lineups.lifeOfModel(model, key).shutdownDate]));
    return rows.map((row) => toSectionResponse(row, dates.get(row.model) ?? null));
  }

  private async respondOne(scope: Scope, row: SectionRow): Promise<SectionResponse> {
    return (await this.respond(scope, [row]))[0];
  }

  /** The fields given replace the saved ones; those left out keep their values. Values equal to the saved ones (`{}` included) write nothing. */
  async update(scope: Scope, id: string, dto: Partial<SectionDto>): Promise<SectionResponse> {
    const current = await this.require(scope, id);
    const values = await this.values(scope, dto, current);
    if (holdsAlready(current, values)) return unchanged(await this.respondOne(scope, current));
    const row = await this.sections.update(scope, id, values);
    if (!row) throw new NotFoundException('Section not found.');
    return this.respondOne(scope, row);
  }

  /** A copy with a new id and the next free " (n)" name. */
  async copy(scope: Scope, id: string): Promise<SectionResponse> {
    const source = await this.require(scope, id);
    const name = copyName(source.name, await this.sections.namesLike(scope, copyBase(source.name)));
    return this.respondOne(scope, await this.sections.create(scope, { ...valuesOf(source), name }));
  }

  /** Newest first; a section that is not the user's (or no longer exists) is a 404. */
  async listVersions(scope: Scope, id: string): Promise<SectionVersionResponse[]> {
    await this.require(scope, id);
    return (await this.versions.list(scope, id)).map(toSectionVersionResponse);
  }

  /**
   * The section made equal to one of its versions, as a new version (nothing is rewritten). A
   * version equal to the current fields changes nothing. A version whose model has been deleted
   * since is refused (409): the section would name a model that no longer exists.
   */
  async restore(scope: Scope, id: string, version: number): Promise<SectionResponse> {
    const current = await this.require(scope, id);
    const kept = await this.versions.find(scope, id, version);
    if (!kept) throw new NotFoundException('Version not found.');
    const owned = await this.models.ownedIds(scope, [kept.model, ...(kept.examplesModel ? [kept.examplesModel] : [])]);
    if (!owned.has(kept.model)) {
      throw new ConflictException(
        `Version ${version} uses a model that has since been deleted, so it cannot be restored; copy its prompts into the form instead.`,
      );
    }
    if (kept.examplesModel && !owned.has(kept.examplesModel)) {
      throw new ConflictException(
        `Version ${version} takes its examples from a model that has since been deleted, so it cannot be restored; copy its prompts into the form instead.`,
      );
    }
    if (holdsAlready(current, valuesOf(kept))) return unchanged(await this.respondOne(scope, current));
    const row = await this.sections.update(scope, id, valuesOf(kept));
    if (!row) throw new NotFoundException('Section not found.');
    return this.respondOne(scope, row);
  }

  async remove(scope: Scope, id: string): Promise<SectionResponse> {
    const row = await this.sections.delete(scope, id);
    if (!row) throw new NotFoundException('Section not found.');
    return this.respondOne(scope, row);
  }

  async require(scope: Scope, id: string) {
    const row = await this.sections.findOwned(scope, id);
    if (!row) throw new NotFoundException('Section not found.');
    return row;
  }

  /** `base` with the fields `dto` gives; the model, example set and bias list given must be the user's. */
  private async values(scope: Scope, dto: Partial<SectionDto>, base: SectionValues): Promise<SectionValues> {
    if (dto.model !== undefined && !(await this.models.findOwned(scope, dto.model))) throw notYours('model', 'models');
    if (dto.examples_model && !(await this.models.findOwned(scope, dto.examples_model))) throw notYours('examples_model', 'models');
    const group = dto.logit_bias_group === undefined ? undefined : (dto.logit_bias_group?.toLowerCase() ?? null);
    if (group && !(await this.biasGroups.findOwned(scope, group))) throw notYours('logit_bias_group', 'bias word lists');
    const given = givenFields({
      name: dto.name,
      model: dto.model?.toLowerCase(),
      temperature: dto.temperature,
      reasoningEffort: dto.reasoning_effort,
      logitBiasGroup: group,
      systemMessage: dto.system_message,
      userMessage: dto.user_message,
      examplesModel: dto.examples_model === undefined ? undefined : (dto.examples_model?.toLowerCase() ?? null),
      examplesCount: dto.examples_count,
      notes: dto.notes,
    });
    return valuesOf({ ...base, ...given });
  }
}
