import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { baseName, modelFacts } from '../integrations/openai/model-catalogue';
import { Lineup, OpenAiModels } from '../integrations/openai/openai-models';
import { WorkspaceSettingsService } from '../workspaces/settings.service';

/** What the operator's key tells of OpenAI's models: its listing, or why that is unknown (null: no key saved). */
export type KeyLineup = { lineup: Lineup } | { unknown: string | null };

/** When an OpenAI model stops: the day, and whether the key no longer lists it at all (shut down already). */
export interface ModelLife {
  shutdownDate: string | null;
  gone: boolean;
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** The operator's view of OpenAI's lineup: the key's listing (cached per key), and each model's shut-down date from it. */
@Injectable()
export class ModelLineupService {
  constructor(
    private readonly settings: WorkspaceSettingsService,
    private readonly openAiModels: OpenAiModels,
  ) {}

  async forWorkspace(scope: Scope): Promise<KeyLineup> {
    const apiKey = await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY');
    if (!apiKey) return { unknown: null };
    try {
      return { lineup: await this.openAiModels.listed(apiKey) };
    } catch (error) {
      return { unknown: `Quire could not ask OpenAI which models your key may use (${(error as Error).message})` };
    }
  }

  /**
   * An OpenAI model's life as the key's listing tells it: its `shutdown_date`; a model the listing no
   * longer holds is gone (with the day OpenAI shut it down where the table knows it). A tuned model
   * stops with its base snapshot, so the earlier of the two is its day.
   */
  lifeOf(model: string, key: KeyLineup): ModelLife {
    const own = this.listedLife(model, key);
    if (!model.startsWith('ft:')) return own;
    const base = this.listedLife(baseName(model), key);
    return { shutdownDate: earlier(own.shutdownDate, base.shutdownDate), gone: own.gone };
  }

  /** A Quire model's life: its tuned model's where it has one, else its base model's. */
  lifeOfModel(model: { baseModel: string; outputModel: string | null }, key: KeyLineup): ModelLife {
    if (!model.outputModel) return this.lifeOf(model.baseModel, key);
    const tuned = this.lifeOf(model.outputModel, key);
    return { shutdownDate: earlier(tuned.shutdownDate, this.lifeOf(model.baseModel, key).shutdownDate), gone: tuned.gone };
  }

  private listedLife(model: string, key: KeyLineup): ModelLife {
    const fact = modelFacts(model)?.shutDown ?? null;
    if (!('lineup' in key)) return { shutdownDate: fact, gone: false };
    const listed = key.lineup.get(model);
    return listed ? { shutdownDate: listed.shutdownDate, gone: false } : { shutdownDate: fact, gone: true };
  }
}
