import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { QuireDataProvider } from '../../dataProvider';
import type { Preview, PreviewSection } from './api';

const ended = (preview: Preview) => preview.status === 'completed' || preview.status === 'failed';

/**
 * A preview as it is written, from its server-sent events (GET /api/previews/{id}/events): the
 * whole preview at each `status` event, each section added as its `section` event arrives. The
 * stream is closed once the preview has ended (the browser reconnects by itself after a drop, and
 * the first event then brings the whole preview again); the previews list is refreshed then.
 */
export function usePreviewStream(id: string | null): Preview | null {
  const dataProvider = useDataProvider<QuireDataProvider>();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Preview | null>(null);

  useEffect(() => {
    setPreview(null);
    if (!id) return;
    let source: EventSource | null = null;
    let left = false;
    void dataProvider.previewEventsUrl(id).then((url) => {
      if (left) return;
      const events = new EventSource(url, { withCredentials: true });
      source = events;
      events.addEventListener('status', (event) => {
        const next = JSON.parse((event as MessageEvent<string>).data) as Preview;
        setPreview({ ...next, id: next._id });
        if (ended(next)) {
          events.close();
          void queryClient.invalidateQueries({ queryKey: ['previews'] });
        }
      });
      events.addEventListener('section', (event) => {
        const { variant, ...section } = JSON.parse((event as MessageEvent<string>).data) as PreviewSection & { variant: number };
        setPreview((current) => {
          if (!current?.variants[variant] || current.variants[variant].sections.some((s) => s.position === section.position)) return current;
          const variants = current.variants.map((v, i) => (i === variant ? { ...v, sections: [...v.sections, section] } : v));
          return { ...current, variants };
        });
      });
    });
    return () => {
      left = true;
      source?.close();
    };
  }, [id, dataProvider, queryClient]);

  return preview;
}
