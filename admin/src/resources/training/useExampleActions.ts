import { useRef, useState } from 'react';
import { api } from '../../api';
import { useT } from '../../components/useT';
import { serverMessage, TrainingModel, SectionItem } from './types';

type Show = (severity: 'success' | 'error', text: string) => void;

export interface AddInput {
  modelId: string;
  entry: SectionItem | undefined;
  clusterId: number | null;
  system: string;
  user: string;
  assistant: string;
}

/** The wizard's Add and Remove (spec §5): checks, the duplicate question, and one call at a time. */
export function useExampleActions(show: Show) {
  const t = useT('training');
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const failed = (text: string, failure: unknown) => {
    const reason = serverMessage(failure);
    show('error', reason ? `${text} ${reason}` : text);
  };

  const add = (input: AddInput) => {
    if (inFlight.current) return;
    const { modelId, entry } = input;
    if (!modelId || !entry || input.clusterId === null) return window.alert(t('selectModelAndEntry'));
    if (!input.system.trim() || !input.user.trim()) return window.alert(t('messagesRequired'));
    void run(async () => {
      let model: TrainingModel;
      try {
        model = await api<TrainingModel>(`/api/models/${encodeURIComponent(modelId)}`);
      } catch (failure) {
        console.error('Failed to load the model', failure);
        show('error', t('modelLoadFailed'));
        return;
      }
      const duplicate = (model.examples ?? []).some((example) => example.uuid === entry.uuid);
      if (duplicate && !window.confirm(t('confirmDuplicate'))) return;
      const example = {
        messages: [
          { role: 'system', content: input.system },
          { role: 'user', content: input.user },
          { role: 'assistant', content: input.assistant },
        ],
        clusterId: input.clusterId,
        uuid: entry.uuid,
        article_uuid: entry.article_uuid ?? null,
      };
      try {
        // The server refuses a uuid already in the model unless told to replace its example.
        await api(`/api/models/${encodeURIComponent(modelId)}/add-example`, { method: 'POST', body: duplicate ? { example, replace: true } : { example } });
        show('success', t('exampleAdded'));
      } catch (failure) {
        failed(t('addFailed'), failure);
      }
    });
  };

  const remove = (modelId: string, entry: SectionItem | undefined) => {
    if (inFlight.current) return;
    if (!modelId || !entry) return window.alert(t('selectModelAndEntry'));
    if (!window.confirm(t('confirmRemove'))) return;
    void run(async () => {
      try {
        await api(`/api/models/${encodeURIComponent(modelId)}/remove-example`, { method: 'DELETE', body: { uuid: entry.uuid } });
        show('success', t('exampleRemoved'));
      } catch (failure) {
        failed(t('removeFailed'), failure);
      }
    });
  };

  return { busy, add, remove };
}
