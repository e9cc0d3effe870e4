import { Report, useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { TrainingModel, SectionItem } from './types';

export interface AddInput {
  modelId: string;
  entry: SectionItem | undefined;
  clusterId: number | null;
  system: string;
  user: string;
  assistant: string;
}

/** The wizard's Add and Remove (spec §5): checks, the duplicate question, and one call at a time. */
export function useExampleActions(show: Report) {
  const t = useT('training');
  const { run, busy } = useRun(show);

  const add = (input: AddInput) => {
    if (busy) return;
    const { modelId, entry } = input;
    if (!modelId || !entry || input.clusterId === null) return window.alert(t('selectModelAndEntry'));
    if (!input.system.trim() || !input.user.trim()) return window.alert(t('messagesRequired'));
    const clusterId = input.clusterId;
    void run('add', {
      call: async (dataProvider) => {
        let model: TrainingModel;
        try {
          model = (await dataProvider.getOne<TrainingModel & { id: string }>('models', { id: modelId })).data;
        } catch (failure) {
          console.error('Failed to load the model', failure);
          return 'modelUnreadable' as const;
        }
        const duplicate = (model.examples ?? []).some((example) => example.uuid === entry.uuid);
        if (duplicate && !window.confirm(t('confirmDuplicate'))) return 'cancelled' as const;
        const example = {
          messages: [
            { role: 'system' as const, content: input.system },
            { role: 'user' as const, content: input.user },
            { role: 'assistant' as const, content: input.assistant },
          ],
          clusterId,
          uuid: entry.uuid,
          article_uuid: entry.article_uuid ?? null,
        };
        // The server refuses a uuid already in the model unless told to replace its example.
        await dataProvider.addExample(modelId, duplicate ? { example, replace: true } : { example });
        return 'added' as const;
      },
      invalidates: ['models'],
      success: (outcome) => (outcome === 'added' ? t('exampleAdded') : undefined),
      // A model that could not be read for the duplicate check aborts the add.
      onSuccess: (outcome) => outcome === 'modelUnreadable' && show('error', t('modelLoadFailed')),
      failure: withReason(t('addFailed')),
    });
  };

  const remove = (modelId: string, entry: SectionItem | undefined) => {
    if (busy) return;
    if (!modelId || !entry) return window.alert(t('selectModelAndEntry'));
    void run('remove', {
      confirm: t('confirmRemove'),
      call: (dataProvider) => dataProvider.removeExample(modelId, entry.uuid),
      invalidates: ['models'],
      success: t('exampleRemoved'),
      failure: withReason(t('removeFailed')),
    });
  };

  return { busy: !!busy, add, remove };
}
