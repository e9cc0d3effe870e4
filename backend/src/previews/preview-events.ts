import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { PreviewSectionResponse } from './previews.dto';

/** A section of one of a preview's variants, as its event stream sends it. */
export type SectionEvent = PreviewSectionResponse & { variant: number };

/** What changed: a section written (with it), or the preview's status (without). */
export interface PreviewChange {
  section?: SectionEvent;
}

/**
 * Tells this process's event streams that a preview changed, so they answer at once: a section
 * comes with the change itself (the stream sends it without reading it back); a status change
 * makes the stream read the preview. A preview written by another server process is seen by the
 * streams' polling.
 */
@Injectable()
export class PreviewEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  changed(previewId: string, change: PreviewChange = {}): void {
    this.emitter.emit(previewId, change);
  }

  /** Calls `listener` at each change of the preview until the returned function is called. */
  subscribe(previewId: string, listener: (change: PreviewChange) => void): () => void {
    this.emitter.on(previewId, listener);
    return () => this.emitter.off(previewId, listener);
  }
}
