import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/**
 * Tells this process's event streams that a preview changed (a section written, its status), so
 * they answer at once; a preview written by another server process is seen by their polling.
 */
@Injectable()
export class PreviewEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  changed(previewId: string): void {
    this.emitter.emit(previewId);
  }

  /** Resolves when the preview changes here, or after `ms`, or when `signal` aborts. */
  next(previewId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(previewId, done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.on(previewId, done);
      signal.addEventListener('abort', done);
    });
  }
}
