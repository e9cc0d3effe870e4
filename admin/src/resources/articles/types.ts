import { EXAMPLES_COUNT } from '@quire/shared';
import { Section } from '../sections/types';
import type { Api, Schemas } from '../../api/client';

/** An article's entry: its section's snapshot as saved (the server adds `section_version` and `latest_version`). */
export type SectionSnapshot = Schemas['SectionSnapshotResponse'];
/** An entry as an article is saved with it. */
export type SnapshotInput = Schemas['ArticleSectionDto'];

export type Article = Api<'ArticleResponse'>;

export type ArticlePayload = Schemas['ArticleDto'];

/**
 * One slot of the article form: the id of the section chosen there and, for an entry the article
 * holds, its `saved` snapshot (replaced by a fresh one, with `updated` set, by "Update to version N").
 */
export interface ArticleSlot {
  section: string | null;
  saved?: SectionSnapshot;
  updated?: boolean;
}

/** What the article form holds. */
export interface ArticleFormValues {
  article_title: string;
  article_type: string;
  notes?: string;
  bulk?: boolean;
  sections: ArticleSlot[];
}

/** The edit form's record: each saved entry is a slot that holds its snapshot. */
export function toFormRecord(article: Article): Omit<Article, 'sections'> & { sections: ArticleSlot[] } {
  return { ...article, sections: article.sections.map((entry) => ({ section: entry.section, saved: entry })) };
}

/** An entry behind its section: the section has a newer version than the one the entry equals (or it equals none). */
export function isBehind(entry: SectionSnapshot): entry is SectionSnapshot & { latest_version: number } {
  const latest = entry.latest_version ?? null;
  const saved = entry.section_version ?? null;
  return latest !== null && (saved === null || latest > saved);
}

/** The entry a section makes as it is now (spec §5): heading = name, prompts, model, temperature as a decimal, bias list. */
export function snapshotOf(section: Section): SnapshotInput {
  return {
    section: section.id,
    heading: section.name,
    systemPrompt: section.system_message,
    userPrompt: section.user_message,
    model: section.model,
    temperature: Number.parseFloat(String(section.temperature)),
    logit_bias_group: section.logit_bias_group ?? null,
    reasoning_effort: section.reasoning_effort ?? null,
    examples_model: section.examples_model ?? null,
    examples_count: section.examples_count ?? EXAMPLES_COUNT.default,
  };
}

/** The fields an entry is saved with (what the server computes is left out). */
function entryFields(entry: SnapshotInput, withBiasGroup: boolean): SnapshotInput {
  const { section, heading, systemPrompt, userPrompt, model, temperature, logit_bias_group, reasoning_effort, examples_model, examples_count } = entry;
  return {
    section,
    heading,
    systemPrompt,
    userPrompt,
    model,
    temperature,
    reasoning_effort: reasoning_effort ?? null,
    examples_model: examples_model ?? null,
    examples_count: examples_count ?? EXAMPLES_COUNT.default,
    ...(withBiasGroup ? { logit_bias_group: logit_bias_group ?? null } : {}),
  };
}

/** Both the slots' pickers and the snapshots taken on save read this one list of sections. */
export const ALL_SECTIONS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

/**
 * Spec §5: each chosen section is snapshotted (heading = name; prompts, model, temperature as a
 * decimal, bias group); empty slots are dropped. An entry the article already holds keeps its
 * saved snapshot (it stays at its version until "Update to version N"); a slot whose
 * section was chosen in this form takes the section as it is now. The update payload omits the
 * bias group (the server keeps the saved one), except for an entry updated to a version, which
 * carries its section's list. `slots` gives, for each section of the payload, the form slot it
 * came from, so the server's errors about it can be shown on that slot.
 */
export function toArticlePayload(
  values: ArticleFormValues,
  sections: Section[],
  withBiasGroup: boolean,
  saved: SectionSnapshot[] = [],
): { payload: ArticlePayload; slots: number[] } {
  const taken = values.sections.flatMap((slot, index): { index: number; snapshot: SnapshotInput }[] => {
    if (!slot.section) return [];
    if (slot.saved && slot.saved.section === slot.section) {
      return [{ index, snapshot: entryFields(slot.saved, withBiasGroup || !!slot.updated) }];
    }
    const section = sections.find((s) => s.id === slot.section);
    // A section deleted since the article was saved keeps its saved copy.
    const kept = section ? snapshotOf(section) : saved.find((s) => s.section === slot.section);
    return kept ? [{ index, snapshot: entryFields(kept, withBiasGroup) }] : [];
  });
  return {
    payload: {
      article_title: values.article_title.trim(),
      article_type: values.article_type.trim(),
      notes: values.notes ?? '',
      bulk: values.bulk === true,
      sections: taken.map((t) => t.snapshot),
    },
    slots: taken.map((t) => t.index),
  };
}

/**
 * The server's field errors on the form's inputs: `sections.{i}.{field}` names the payload's i-th
 * section, shown on the picker of the slot it came from, saying which of its fields was refused.
 */
export function slotErrors(errors: Record<string, string>, slots: number[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const match = /^sections\.(\d+)\.(.+)$/.exec(field);
      const slot = match ? slots[Number(match[1])] : undefined;
      if (!match || slot === undefined) return [field, message];
      const part = match[2];
      const text = part === 'section' || message.startsWith(part) ? message : `${part} ${message}`;
      return [`sections.${slot}.section`, text];
    }),
  );
}
