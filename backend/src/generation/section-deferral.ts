import type { GenerationJobRow } from './generation.schema';
import type { DeferredSection } from './section-writer';

/**
 * How the writing hands a bulk template's sections to bulk writing, which provides it (BulkModule):
 * generation names what it needs here and never imports bulk, so the dependency runs one way.
 */
export interface SectionDeferral {
  /** The article's next section is written later, in a batch. */
  defer(job: GenerationJobRow, section: DeferredSection, sectionVersion: number | null): Promise<void>;
  /** The article waits for its deferred section; bulk writing wakes it when the section returns. */
  park(jobId: string): Promise<void>;
  /** A failed article runs again: the failures of its deferred sections before are not held against them. */
  reopened(jobId: string): Promise<void>;
}

/** The injection token of the SectionDeferral bulk writing provides. */
export const SECTION_DEFERRAL = Symbol('SectionDeferral');
