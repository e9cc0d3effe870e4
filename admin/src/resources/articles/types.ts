import { Section } from '../sections/types';

export interface SectionSnapshot {
  section: string;
  heading: string;
  systemPrompt: string;
  userPrompt: string;
  model: string;
  temperature: number;
  logit_bias_group?: string | null;
}

export interface Article {
  id: string;
  article_title: string;
  article_type: string;
  notes: string;
  sections: SectionSnapshot[];
}

export type ArticlePayload = Pick<Article, 'article_title' | 'article_type' | 'notes' | 'sections'>;

/** What the article form holds: each slot is the id of the section chosen there (saved ones carry their snapshot too). */
export interface ArticleFormValues {
  article_title: string;
  article_type: string;
  notes?: string;
  sections: { section: string | null }[];
}

/** Both the slots' pickers and the snapshots taken on save read this one list of sections. */
export const ALL_SECTIONS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

/**
 * Spec §5: each chosen section is snapshotted (heading = name; prompts, model, temperature as a
 * decimal, bias group); empty slots are dropped. The update payload omits the bias group (the
 * server keeps the saved one). `slots` gives, for each section of the payload, the form slot it
 * came from, so the server's errors about it can be shown on that slot.
 */
export function toArticlePayload(
  values: ArticleFormValues,
  sections: Section[],
  withBiasGroup: boolean,
  saved: SectionSnapshot[] = [],
): { payload: ArticlePayload; slots: number[] } {
  const taken = values.sections.flatMap((slot, index): { index: number; snapshot: SectionSnapshot }[] => {
    const section = sections.find((s) => s.id === slot.section);
    if (!section) {
      // A section deleted since the article was saved keeps its saved copy.
      const kept = saved.find((s) => s.section === slot.section);
      if (!kept) return [];
      const { logit_bias_group, ...rest } = kept;
      return [{ index, snapshot: withBiasGroup ? { ...rest, logit_bias_group } : rest }];
    }
    const snapshot: SectionSnapshot = {
      section: section.id,
      heading: section.name,
      systemPrompt: section.system_message,
      userPrompt: section.user_message,
      model: section.model,
      temperature: Number.parseFloat(String(section.temperature)),
      ...(withBiasGroup ? { logit_bias_group: section.logit_bias_group } : {}),
    };
    return [{ index, snapshot }];
  });
  return {
    payload: {
      article_title: values.article_title.trim(),
      article_type: values.article_type.trim(),
      notes: values.notes ?? '',
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
