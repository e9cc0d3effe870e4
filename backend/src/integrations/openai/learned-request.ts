import { setTimeout as sleep } from 'node:timers/promises';
import { ChatPlan, DesiredParameters, planChat } from './chat-parameters';
import { ModelParameters } from './model-parameters';
import type { ParameterRefusal } from './model-parameters.schema';

/** A request whose every refusal teaches Quire something sends at most this many (one per feature it can carry). */
const MAX_REFUSALS = 6;

/** How one vendor's request is sent and read for what it refused. */
export interface LearnedRequest<T> {
  /** Where what the vendor tells of the model is kept (parameterKey). */
  key: string;
  /** The model's `created` in the vendor's listing, when known: a new one forgets what was learned. */
  listedCreated: number | null;
  desired: DesiredParameters;
  /** The plan's parameters adjusted to what the vendor can take at all (Quire sends no logit_bias but to OpenAI). */
  adapt?(plan: ChatPlan): ChatPlan;
  send(plan: ChatPlan): Promise<T>;
  /** The feature the vendor refused in this error, if it is one the plan sent. */
  refused(plan: ChatPlan, error: unknown): { feature: string; refusal: ParameterRefusal } | null;
}

/**
 * One request sent with the parameters the vendor has not refused for the model (chat-parameters.ts):
 * a refusal of one is kept for every server and the request sent again at once without it; while a
 * feature is unknown, one request at a time (in every process) finds out, so each costs at most one
 * refusal. The same for every vendor; only sending and reading a refusal are the vendor's.
 */
export async function sendLearning<T>(parameters: ModelParameters, request: LearnedRequest<T>): Promise<{ answer: T; plan: ChatPlan }> {
  const { key, listedCreated } = request;
  let probe: string | null = null;
  try {
    for (let refusals = 0; ;) {
      const planned = planChat(request.desired, await parameters.known(key, listedCreated));
      const plan = request.adapt ? request.adapt(planned) : planned;
      if (plan.unknown.length > 0 && !probe) {
        probe = await parameters.probe(key);
        if (!probe) {
          await sleep(parameters.pollMs);
          continue;
        }
      }
      try {
        const answer = await request.send(plan);
        if (plan.unknown.length > 0) await parameters.accept(key, plan.features, listedCreated);
        return { answer, plan };
      } catch (error) {
        const learned = request.refused(plan, error);
        if (!learned || ++refusals > MAX_REFUSALS) throw error;
        await parameters.refuse(key, learned.feature, learned.refusal, listedCreated);
      }
    }
  } finally {
    if (probe) await parameters.release(key, probe);
  }
}
