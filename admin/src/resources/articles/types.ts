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

/**
 * Spec §5: each chosen section is snapshotted (heading = name; prompts, model, temperature as a
 * decimal, bias group); empty slots are dropped. The update payload omits the bias group (the
 * server keeps the saved one).
 */
export function snapshotSections(slots: string[], sections: Section[], withBiasGroup: boolean, saved: SectionSnapshot[] = []): SectionSnapshot[] {
  return slots.flatMap((id): SectionSnapshot[] => {
    const section = sections.find((s) => s.id === id);
    if (!section) {
      // A section deleted since the article was saved keeps its saved copy.
      const kept = saved.find((s) => s.section === id);
      if (!kept) return [];
      const { logit_bias_group, ...rest } = kept;
      return [withBiasGroup ? { ...rest, logit_bias_group } : rest];
    }
    return [
      {
        section: section.id,
        heading: section.name,
        systemPrompt: section.system_message,
        userPrompt: section.user_message,
        model: section.model,
        temperature: Number.parseFloat(String(section.temperature)),
        ...(withBiasGroup ? { logit_bias_group: section.logit_bias_group } : {}),
      },
    ];
  });
}
