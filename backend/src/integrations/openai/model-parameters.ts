import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { KnownParameters, reasonsFrom } from './chat-parameters';
import { nameSuggestsReasoning } from './model-catalogue';
import { ModelParametersRepository } from './model-parameters.repository';
import { ParameterRefusal } from './model-parameters.schema';

/**
 * The name under which what a vendor told of a model is kept: OpenAI's model id for the workspace's
 * OpenAI connection (as always), `<provider id>:<model id>` for a model on another provider, so two
 * providers serving the same id (two vLLM servers, say) each teach their own.
 */
export function parameterKey(connectionId: string | null, model: string): string {
  return connectionId ? `${connectionId}:${model}` : model;
}

/** Longer than a chat request may take (the SDK's timeout is 120 s): a probe that outlives it has died with its process. */
const PROBE_LEASE_MS = 150_000;
const PROBE_POLL_MS = 200;

/**
 * What OpenAI has told of each model's parameters (chat-parameters.ts), kept in the database for
 * every server. `listedCreated` is the model's `created` in OpenAI's listing now (null when unknown):
 * when it differs from the one the knowledge was learned under, OpenAI has listed the model anew
 * and everything is forgotten.
 */
@Injectable()
export class ModelParameters {
  constructor(private readonly repository: ModelParametersRepository) {}

  async known(model: string, listedCreated: number | null): Promise<KnownParameters> {
    const row = await this.repository.find(model);
    if (!row) return { refused: {}, accepted: [] };
    if (listedCreated !== null && row.listedCreated !== null && row.listedCreated !== listedCreated) {
      await this.repository.forget(model, listedCreated);
      return { refused: {}, accepted: [] };
    }
    return { refused: row.refused, accepted: row.accepted };
  }

  /**
   * Whether each model reasons, as far as OpenAI has shown it (it took or refused a reasoning
   * effort, refused what reasoning models refuse), else as its name suggests: what the section form
   * offers. Nothing sent depends on it.
   */
  async reasoning(models: string[]): Promise<Map<string, boolean>> {
    const rows = new Map((await this.repository.findMany([...new Set(models)])).map((row) => [row.model, row]));
    return new Map(models.map((model) => [model, (rows.has(model) ? reasonsFrom(rows.get(model)!) : null) ?? nameSuggestsReasoning(model)]));
  }

  /**
   * What each model is known not to take of a section's sampling, in the vendor's words: its
   * refusals of a temperature (any value, or above a maximum). The section form shows them as soon
   * as the model is chosen.
   */
  async samplingNotes(models: string[]): Promise<Map<string, string[]>> {
    const rows = await this.repository.findMany([...new Set(models)]);
    return new Map(
      rows.map((row) => [
        row.model,
        [
          ...new Set(
            Object.entries(row.refused)
              .filter(([feature]) => feature.startsWith('temperature@'))
              .map(([, refusal]) => refusal.reason),
          ),
        ],
      ]),
    );
  }

  refuse(model: string, feature: string, refusal: ParameterRefusal, listedCreated: number | null): Promise<void> {
    return this.repository.refuse(model, feature, refusal, listedCreated);
  }

  accept(model: string, features: string[], listedCreated: number | null): Promise<void> {
    return this.repository.accept(model, features, listedCreated);
  }

  /**
   * The model's probe lease, so only one request at a time (in every process) finds out what OpenAI
   * says of a feature nobody has sent it yet: a token to release, or null when another request
   * holds it (wait a little and read what it learned).
   */
  async probe(model: string): Promise<string | null> {
    const token = randomUUID();
    return (await this.repository.takeProbe(model, token, PROBE_LEASE_MS)) ? token : null;
  }

  release(model: string, token: string): Promise<void> {
    return this.repository.releaseProbe(model, token);
  }

  /** The pause before reading again while another request probes the model. */
  readonly pollMs = PROBE_POLL_MS;
}
