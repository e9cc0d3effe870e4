import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { SectionSnapshot } from '../sections/sections.schema';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { tokenizerFor } from '../integrations/openai/model-catalogue';
import { ChatAnswer, ChatAsk, ChatMessage, OpenAiChat } from '../integrations/openai/openai-chat';
import { ChatPlan } from '../integrations/openai/chat-parameters';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { LogitBiasGroupRow } from '../logit-bias-groups/logit-bias-groups.schema';
import { LOGIT_BIAS_MAX_TOKENS, TokenizerFamily } from '../integrations/openai/tokenizer';
import { ModelsRepository } from '../models/models.repository';
import { ChosenExamples, ExampleChooser, UsedExample } from '../examples/example-chooser';
import { EXAMPLES_COUNT } from '@quire/shared';
import { GenerationError } from './generation-error';
import { OmittedParameters } from './generation.schema';
import { fillPlaceholders } from './placeholders';
import { avoidInstruction, rewriteInstruction, usedWords, WordList, wordList } from './word-list';
import { Metrics } from '../metrics/metrics';
import { ProviderChat } from '../connections/provider-chat';
import type { ModelConnectionRow, WritingVendor } from '../connections/connections.schema';

/** A section as OpenAI wrote it, with the request as sent and what the API reported. */
export interface WrittenSection {
  position: number;
  heading: string;
  content: string;
  tokens: number;
  model: string;
  /** The vendor that wrote it: OpenAI, or its model provider's kind. */
  vendor: WritingVendor;
  temperature: number | null;
  /** Null when not sent (the model's default). */
  reasoningEffort: string | null;
  logitBiasGroup: string | null;
  systemMessage: string;
  userMessage: string;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  /** Part of completionTokens: what the model spent reasoning. */
  reasoningTokens: number;
  /** The examples that guided it, nearest first; [] when its set had none; null when it names no set. */
  examples: UsedExample[] | null;
  durationMs: number;
}

/** A section's text already written (by an earlier attempt): reused while the template has the same heading there. */
export interface KeptSection {
  heading: string;
  content: string;
  tokens: number;
}

/**
 * One run of a template: a Notion row's article, or a preview's variant. Everything a section's
 * prompts may name comes from here; where the sections go is the caller's (`save`).
 */
export interface TemplateRun {
  scope: Scope;
  /** The workspace's OpenAI key; null when none is saved (a section on OpenAI then cannot be written). */
  openAiKey: string | null;
  title: string;
  template: { articleTitle: string; articleType: string; sections: SectionSnapshot[] };
  clientName: string;
  properties: Record<string, string | null>;
  /** One of the user's models that replaces every section's own (a preview comparing models); null keeps each section's. */
  modelId?: string | null;
  /** Sections written by an earlier attempt, by position. */
  done?: Map<number, KeptSection>;
  save(section: WrittenSection): Promise<void>;
  /** A section not sent as it asks (a parameter its model refuses, a word list kept by instructions): History says so. */
  omitted?(note: OmittedParameters): Promise<void>;
  /** Before each section to write (or to hand to a batch), by its position: a throw stops the run there. */
  beforeEach?(position: number): Promise<void>;
  /** After each section written: how many are written, and their tokens. */
  afterEach?(written: number, tokens: number): Promise<void>;
  /**
   * Bulk: the next section is not written now but handed over as a request planned for a batch
   * (OpenAI's Batch API, Anthropic's Message Batches); `write` then stops and answers the sections
   * written so far. A section on another provider is written at once.
   */
  defer?(line: DeferredSection): Promise<void>;
}

/** A section's request planned for a batch line, with what its History section will need. */
export interface DeferredSection {
  position: number;
  heading: string;
  model: string;
  /** The provider the model is on (null: OpenAI). */
  connectionId: string | null;
  /** The request as its vendor takes it: OpenAI's chat completion, or Anthropic's Messages API params. */
  body: Record<string, unknown>;
  plan: ChatPlan;
  temperature: number | null;
  reasoningEffort: string | null;
  logitBiasGroup: string | null;
  examples: UsedExample[] | null;
  /** The bias list's words to avoid when they are named in the instructions (logit_bias not sent). */
  avoid: string[] | null;
}

/**
 * Writes a template's sections in order, one chat completion each — the one code path for Notion
 * rows and previews: the section's model (the tuned `output_model`, else the base model), its
 * temperature, both prompts with placeholders filled (`{{previous_sections}}` holds the sections
 * written before it), and `logit_bias` from its bias list; a reasoning model gets neither. A
 * section that names an example set is sent the set's examples nearest its user message as
 * user/assistant pairs between its system message and its own user message (example-chooser.ts).
 */
@Injectable()
export class SectionWriter {
  constructor(
    private readonly models: ModelsRepository,
    private readonly biasLists: LogitBiasGroupsRepository,
    private readonly chat: OpenAiChat,
    private readonly cpu: CpuPool,
    private readonly chooser: ExampleChooser,
    private readonly metrics: Metrics,
    private readonly providers: ProviderChat,
  ) {}

  /**
   * What would stop the run before any section is written, as a GenerationError or an
   * UnknownPlaceholderError: no sections, a model that no longer exists, a placeholder that is
   * neither built in nor one of the properties. Nothing is asked of OpenAI.
   */
  async check(run: Omit<TemplateRun, 'save' | 'openAiKey'>): Promise<void> {
    if (run.template.sections.length === 0) throw new GenerationError(`The article "${run.template.articleTitle}" has no sections.`);
    const checked = new Set<string>();
    for (const section of run.template.sections) {
      // Each model once (a template's sections often share one).
      const model = run.modelId ?? section.model;
      if (!checked.has(model)) await this.modelFor(run, section);
      checked.add(model);
      const set = exampleSet(section);
      if (set && !checked.has(`examples:${set.modelId}`)) await this.requireExampleSet(run.scope, section, set.modelId);
      if (set) checked.add(`examples:${set.modelId}`);
      const builtIns = builtInsFor(run, section, []);
      const where = `section "${section.heading}"`;
      fillPlaceholders(section.systemPrompt, builtIns, run.properties, where);
      fillPlaceholders(section.userPrompt, builtIns, run.properties, where);
    }
  }

  /** One chat completion per section, in order; finished sections (from an earlier attempt) are reused. */
  async write(run: TemplateRun): Promise<KeptSection[]> {
    const written: KeptSection[] = [];
    // A template's sections often share a model and a bias list: each is read once per run.
    const models = new Map<string, Promise<WritingModel>>();
    const biasLists = new Map<string, Promise<LogitBiasGroupRow | null>>();
    const examples = new Map<string, Promise<string>>();
    const once = <T>(kept: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
      if (!kept.has(key)) kept.set(key, read());
      return kept.get(key)!;
    };
    for (const [position, section] of run.template.sections.entries()) {
      // A section written by an earlier attempt is reused (never paid for twice) while the template still has it there.
      const saved = run.done?.get(position);
      if (saved && saved.heading === section.heading) {
        written.push(saved);
        continue;
      }
      await run.beforeEach?.(position);
      const target = await once(models, run.modelId ?? section.model, () => this.modelFor(run, section));
      const modelName = target.name;
      const listId = section.logit_bias_group;
      const bias = listId ? await once(biasLists, listId, () => this.biasLists.findOwned(run.scope, listId)) : null;
      const builtIns = builtInsFor(run, section, written);
      const where = `section "${section.heading}"`;
      const system = fillPlaceholders(section.systemPrompt, builtIns, run.properties, where);
      const user = fillPlaceholders(section.userPrompt, builtIns, run.properties, where);
      const words = bias ? wordList(bias.entries) : null;
      const started = Date.now();
      const set = exampleSet(section);
      if (set) await once(examples, set.modelId, () => this.requireExampleSet(run.scope, section, set.modelId));
      const guide = set ? await this.chooser.choose({ apiKey: run.openAiKey, modelId: set.modelId, count: set.count, message: user }) : null;
      // A bulk template's section goes into a batch of its vendor's, when its vendor has batches Quire uses (OpenAI, Anthropic).
      const line = run.defer ? await this.planLine(run, target, { model: modelName, section, bias, words, system, user, guide }, where) : null;
      if (run.defer && line) {
        const { plan, body } = line;
        await run.defer({
          position,
          heading: section.heading,
          model: modelName,
          connectionId: target.provider?.id ?? null,
          body,
          plan,
          temperature: plan.temperature ?? null,
          reasoningEffort: plan.reasoningEffort ?? null,
          logitBiasGroup: bias?.id ?? null,
          examples: guide?.used ?? null,
          avoid: words && !plan.logitBias ? words.avoid : null,
        });
        return written;
      }
      const result = await this.writeSection(run, target, { model: modelName, section, bias, words, system, user, guide }, where).catch((error: unknown) => {
        this.metrics.section('failed');
        throw error;
      });
      this.metrics.section('written');
      const note = sectionNote(position, section.heading, modelName, result.answer.plan, result.rewritten, result.slipped);
      if (note && run.omitted) await run.omitted(note);
      const { answer } = result;
      await run.save({
        position,
        heading: section.heading,
        content: answer.content,
        tokens: result.tokens,
        model: modelName,
        vendor: target.vendor,
        temperature: answer.plan.temperature ?? null,
        reasoningEffort: answer.plan.reasoningEffort ?? null,
        logitBiasGroup: bias?.id ?? null,
        systemMessage: answer.messages[0].content,
        userMessage: answer.messages[answer.messages.length - 1].content,
        promptTokens: result.usage.promptTokens,
        completionTokens: result.usage.completionTokens,
        cachedTokens: result.usage.cachedTokens,
        reasoningTokens: result.usage.reasoningTokens,
        examples: guide?.used ?? null,
        durationMs: Date.now() - started,
      });
      written.push({ heading: section.heading, content: answer.content, tokens: result.tokens });
      await run.afterEach?.(
        written.length,
        written.reduce((sum, s) => sum + s.tokens, 0),
      );
    }
    return written;
  }

  /**
   * A section's chat request: its model, the parameters it asks for, and its messages for the plan
   * that will be sent — the word list named in the instructions when `logit_bias` is not sent, and
   * the examples between the system message and its own. One place for a request sent now and a
   * batch line.
   */
  private async askFor(ask: SectionAsk): Promise<ChatAsk> {
    const { model, section, bias, words } = ask;
    const logitBias = bias && words ? await this.logitBias(bias, tokenizerFor(model)) : undefined;
    const desired = { temperature: section.temperature, logitBias, reasoningEffort: section.reasoning_effort ?? null };
    const instructed = (plan: ChatPlan) => !!words && !plan.logitBias;
    const messages = (plan: ChatPlan): ChatMessage[] => [
      { role: 'system', content: instructed(plan) ? `${ask.system}${avoidInstruction(words!)}` : ask.system },
      ...(ask.guide?.messages ?? []),
      { role: 'user', content: ask.user },
    ];
    return { model, desired, messages };
  }

  /**
   * One section's chat completion. Where the model refuses `logit_bias`, the list's words are named
   * in the instructions instead (words to avoid, words to prefer), the text is checked for the
   * words to avoid (whole words, any case) and, if one is used, written once more with them named;
   * a word that slips through again is kept, and History names it. Both writes are paid and counted.
   */
  private async writeSection(run: Pick<TemplateRun, 'scope' | 'openAiKey'>, target: WritingModel, ask: SectionAsk, where: string) {
    const { model, desired, messages: messagesFor } = await this.askFor(ask);
    const words = ask.words;
    const instructed = (plan: ChatPlan) => !!words && !plan.logitBias;
    const first = await this.complete(run, target, { model, desired, messages: messagesFor }, where);
    const used = instructed(first.plan) ? usedWords(first.content, words!.avoid) : [];
    if (used.length === 0) return { answer: first, tokens: first.tokens, usage: first.usage, rewritten: [], slipped: [] };
    const again = await this.complete(
      run,
      target,
      {
        model,
        desired,
        messages: (plan) => [...messagesFor(plan), { role: 'assistant', content: first.content }, { role: 'user', content: rewriteInstruction(used) }],
      },
      where,
    );
    const slipped = usedWords(again.content, words!.avoid);
    const usage = {
      promptTokens: first.usage.promptTokens + again.usage.promptTokens,
      completionTokens: first.usage.completionTokens + again.usage.completionTokens,
      cachedTokens: first.usage.cachedTokens + again.usage.cachedTokens,
      reasoningTokens: first.usage.reasoningTokens + again.usage.reasoningTokens,
    };
    // The request recorded is the first (the section's own prompts); the text is the second's.
    const answer: ChatAnswer = { ...again, messages: first.messages };
    return { answer, tokens: first.tokens + again.tokens, usage, rewritten: used, slipped };
  }

  /**
   * A bias list's `logit_bias` for a tokenizer: made when the list was saved, so writing loads no
   * tokenizer. A list saved before the maps were kept has them made now (in a worker thread) and
   * kept with it, unless it has been changed since it was read.
   */
  private async logitBias(list: LogitBiasGroupRow, family: TokenizerFamily): Promise<Record<string, number>> {
    if (list.logitBias) return list.logitBias[family];
    const made = await this.cpu.run('logitBiasMaps', { entries: list.entries, limit: LOGIT_BIAS_MAX_TOKENS });
    if ('over' in made) throw new GenerationError(`The bias word list "${list.name}" maps to too many tokens for OpenAI; remove some words from it.`);
    await this.biasLists.keepMaps(list.id, list.entries, made.maps);
    return made.maps[family];
  }

  /** A section's example set must still be one of the user's models (answers its id, for `once`). */
  private async requireExampleSet(scope: Scope, section: SectionSnapshot, modelId: string): Promise<string> {
    if (!(await this.models.findOwned(scope, modelId)))
      throw new GenerationError(`The example set of section "${section.heading}" no longer exists; choose another in the section and update the article.`);
    return modelId;
  }

  /**
   * The vendor's model a section is written with: its own model's (or the run's), the tuned one when
   * there is one, and the provider it is on (null: OpenAI).
   */
  private async modelFor(run: Pick<TemplateRun, 'scope' | 'modelId'>, section: SectionSnapshot): Promise<WritingModel> {
    const model = await this.models.findOwned(run.scope, run.modelId ?? section.model);
    if (!model && run.modelId) throw new GenerationError('The model chosen for this preview no longer exists; choose another.');
    if (!model) throw new GenerationError(`The model of section "${section.heading}" no longer exists; choose another in the section and update the article.`);
    const where = `section "${section.heading}"`;
    const provider = model.connectionId ? await this.providers.provider(run.scope, model.connectionId, where) : null;
    return { name: model.outputModel ?? model.baseModel, provider, vendor: provider?.kind ?? 'openai' };
  }

  /** A section's request planned for a batch of its vendor's: OpenAI's with the workspace's key; null when its provider's vendor has none. */
  private async planLine(run: Pick<TemplateRun, 'scope' | 'openAiKey'>, target: WritingModel, ask: SectionAsk, where: string) {
    const asked = await this.askFor(ask);
    if (target.provider) return this.providers.planLine(target.provider, asked, where);
    return this.chat.plan(openAiKeyOf(run), asked);
  }

  /** One chat request through the model's vendor: OpenAI with the workspace's key, any other through its provider. */
  private complete(run: Pick<TemplateRun, 'scope' | 'openAiKey'>, target: WritingModel, ask: ChatAsk, where: string): Promise<ChatAnswer> {
    if (target.provider) return this.providers.write(target.provider, ask, where);
    return this.chat.complete(openAiKeyOf(run), ask, where);
  }
}

/** A model as a section is written with it: the vendor's id, and the provider it is on (null: OpenAI). */
interface WritingModel {
  name: string;
  provider: ModelConnectionRow | null;
  vendor: WritingVendor;
}

/** The OpenAI key a section on OpenAI needs. */
function openAiKeyOf(run: Pick<TemplateRun, 'openAiKey'>): string {
  if (!run.openAiKey) throw new GenerationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.');
  return run.openAiKey;
}

/** What a section's request is made of. */
interface SectionAsk {
  model: string;
  section: SectionSnapshot;
  bias: LogitBiasGroupRow | null;
  words: WordList | null;
  system: string;
  user: string;
  guide: ChosenExamples | null;
}

/** The section's example set and how many of it to send; null when it names none or asks for 0. */
function exampleSet(section: SectionSnapshot): { modelId: string; count: number } | null {
  const count = section.examples_count ?? EXAMPLES_COUNT.default;
  return section.examples_model && count > 0 ? { modelId: section.examples_model, count } : null;
}

/** The placeholders Quire fills itself (BUILT_IN_PLACEHOLDERS), for one section. */
function builtInsFor(run: Pick<TemplateRun, 'title' | 'template' | 'clientName'>, section: SectionSnapshot, written: KeptSection[]): Record<string, string> {
  return {
    title: run.title,
    article_title: run.template.articleTitle,
    article_type: run.template.articleType,
    client: run.clientName,
    section_heading: section.heading,
    previous_sections: written.map((s) => `## ${s.heading}\n\n${s.content}`).join('\n\n'),
  };
}

/** What History says of a section not written as it asks (null when it was). */
export function sectionNote(
  position: number,
  section: string,
  model: string,
  plan: ChatPlan,
  rewritten: string[],
  slipped: string[],
): OmittedParameters | null {
  if (plan.notes.length === 0 && rewritten.length === 0 && slipped.length === 0) return null;
  return {
    position,
    section,
    model,
    parameters: plan.notes.map((note) => note.parameter),
    reasons: Object.fromEntries(plan.notes.map((note) => [note.parameter, note.reason])),
    ...(rewritten.length > 0 ? { rewritten } : {}),
    ...(slipped.length > 0 ? { slipped } : {}),
  };
}
