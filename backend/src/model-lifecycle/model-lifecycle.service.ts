import { Scope } from '../workspaces/scope';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ArticlesRepository } from '../articles/articles.repository';
import { ListQuery, Page } from '../common/list-query';
import { notYours } from '../common/validation';
import { ModelLineupService } from '../models/model-lineup.service';
import { ModelsService } from '../models/models.service';
import { ModelsRepository } from '../models/models.repository';
import { SectionsRepository } from '../sections/sections.repository';
import { ModelShutdownResponse, ReplacedResponse } from './model-lifecycle.dto';
import { ModelLifecycleRepository } from './model-lifecycle.repository';

/** How far ahead Home warns of a model that stops. */
export const SHUTDOWN_NOTICE_DAYS = 60;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * OpenAI's models stop (their `shutdown_date`): which of the operator's models that are in use stop
 * soon or have stopped, and moving everything that writes with one to another in one step.
 */
@Injectable()
export class ModelLifecycleService {
  constructor(
    private readonly models: ModelsRepository,
    private readonly modelsService: ModelsService,
    private readonly lineups: ModelLineupService,
    private readonly sections: SectionsRepository,
    private readonly articles: ArticlesRepository,
    private readonly lifecycle: ModelLifecycleRepository,
  ) {}

  /**
   * The models sections or articles write with that stop within SHUTDOWN_NOTICE_DAYS days or
   * have stopped, soonest first (stopped ones first of all).
   */
  async shutdowns(scope: Scope, today = new Date()): Promise<ModelShutdownResponse[]> {
    const [bySections, byArticles] = await Promise.all([this.sections.countByModel(scope), this.articles.countByModel(scope)]);
    const used = [...new Set([...bySections.keys(), ...byArticles.keys()])];
    // OpenAI's lineup speaks only of OpenAI's models: a model on another provider is its provider's to list.
    const models = (await this.models.openAiModels(scope, used)).filter((model) => !model.connectionId);
    if (models.length === 0) return [];
    const key = await this.lineups.forWorkspace(scope);
    const now = isoDay(today);
    const horizon = isoDay(new Date(today.getTime() + SHUTDOWN_NOTICE_DAYS * 86_400_000));
    return models
      .map((model) => {
        const life = this.lineups.lifeOfModel(model, key);
        const shutDown = life.gone || (life.shutdownDate !== null && life.shutdownDate <= now);
        return {
          _id: model.id,
          name: model.name,
          openai_model: model.outputModel ?? model.baseModel,
          shutdown_date: life.shutdownDate,
          shut_down: shutDown,
          sections: bySections.get(model.id) ?? 0,
          articles: byArticles.get(model.id) ?? 0,
        };
      })
      .filter((row) => row.shut_down || (row.shutdown_date !== null && row.shutdown_date <= horizon))
      .sort(
        (a, b) => Number(b.shut_down) - Number(a.shut_down) || (a.shutdown_date ?? '').localeCompare(b.shutdown_date ?? '') || a.name.localeCompare(b.name),
      );
  }

  /** The list with ra-data-simple-rest's query (`range` pages it; it keeps its own order). */
  async page(scope: Scope, query: ListQuery): Promise<Page<ModelShutdownResponse>> {
    const all = await this.shutdowns(scope);
    return { rows: all.slice(query.range.start, query.range.end + 1), total: all.length, start: query.range.start };
  }

  /**
   * Every section (each change a new version) and every article entry writing with the model moves
   * to the replacement, in one transaction (a failure changes nothing). The replacement must be
   * another of the operator's models (400, nothing changed).
   */
  async replace(scope: Scope, id: string, replacement: string): Promise<ReplacedResponse> {
    await this.modelsService.requireOwned(scope, id);
    const to = replacement.toLowerCase();
    if (to === id) {
      throw new BadRequestException({
        message: 'replacement must be another model than the one replaced',
        errors: [{ field: 'replacement', message: 'is the model being replaced' }],
      });
    }
    if (!(await this.models.ownedIds(scope, [to])).has(to)) throw notYours('replacement', 'models');
    return this.lifecycle.replace(scope, id, to);
  }
}
