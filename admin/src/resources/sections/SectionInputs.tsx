import { Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { maxValue, minValue, NumberInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { EXAMPLES_COUNT, REASONING_EFFORTS } from '@quire/shared';
import { QuietSelectInput } from '../../components/QuietSelectInput';
import { inProviderOrder } from '../../components/modelGroups';
import { ModelOption, modelLabel, useLookups } from '../../components/useLookups';
import { useT } from '../../components/useT';

const ALL = { perPage: 1000, sort: { field: 'name', order: 'ASC' as const } };
const wholeNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : 'quire.sections.wholeNumber';

/** Spec §2's section fields with spec §5's rules; each input labels itself (resources.sections.fields.*). */
export function SectionInputs() {
  const t = useT('sections');
  const { models } = useLookups();
  const modelId = useWatch({ name: 'model' });
  const chosen = models.find((model) => model.id === modelId);
  const openAiModel = chosen ? (chosen.output_model ?? chosen.base_model) : '';
  const examplesModel = useWatch({ name: 'examples_model' }) as string | null;
  const examplesCount = useWatch({ name: 'examples_count' }) as number | null;
  const set = models.find((model) => model.id === examplesModel);
  const notes = [
    ...(chosen?.shut_down
      ? [t('stopped', { model: openAiModel })]
      : chosen?.shutdown_date
        ? [t('stops', { model: openAiModel, date: chosen.shutdown_date })]
        : []),
    ...(chosen?.reasoning && !chosen.connection_id ? [t('reasoningNote', { model: openAiModel })] : []),
    ...(chosen?.sampling_notes ?? []).map((words) => t('samplingNote', { vendor: chosen!.vendor, model: openAiModel, words })),
  ];

  return (
    <>
      <TextInput source="name" label={t('name')} validate={required()} inputProps={{ maxLength: 200 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <ReferenceInput source="model" reference="models" {...ALL}>
          <QuietSelectInput
            label={t('model')}
            arrange={(choices) => inProviderOrder(choices as ModelOption[])}
            optionText={(model: ModelOption) => modelLabel(model, t('notTuned'))}
            validate={required()}
            helperText={false}
            sx={{ flex: 2 }}
          />
        </ReferenceInput>
        <NumberInput
          source="temperature"
          label={t('temperature')}
          validate={[required(), minValue(0), maxValue(2)]}
          step={0.1}
          min={0}
          max={2}
          sx={{ flex: 1 }}
        />
        {chosen?.reasoning && (
          <SelectInput
            source="reasoning_effort"
            label={t('reasoningEffort')}
            choices={REASONING_EFFORTS.map((effort) => ({ id: effort, name: effort }))}
            emptyText={t('defaultEffort')}
            format={(value: string | null) => value ?? ''}
            parse={(value: string) => value || null}
            SelectProps={{ displayEmpty: true }}
            InputLabelProps={{ shrink: true }}
            sx={{ flex: 1 }}
          />
        )}
        <ReferenceInput source="logit_bias_group" reference="logit-bias-groups" {...ALL}>
          <SelectInput
            label={t('biasGroup')}
            optionText="name"
            emptyText={t('none')}
            format={(value: string | null) => value ?? ''}
            parse={(value: string) => value || null}
            SelectProps={{ displayEmpty: true }}
            InputLabelProps={{ shrink: true }}
            sx={{ flex: 2 }}
          />
        </ReferenceInput>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
        <ReferenceInput source="examples_model" reference="models" {...ALL}>
          {/* Quiet, like the model picker: a failure to load models is only logged (spec §8). */}
          <QuietSelectInput
            label={t('examplesModel')}
            optionText={(model: ModelOption) => t('exampleSetOption', { name: model.name, smart_count: model.example_count })}
            emptyText={t('noExamples')}
            format={(value: string | null) => value ?? ''}
            parse={(value: string) => value || null}
            SelectProps={{ displayEmpty: true }}
            InputLabelProps={{ shrink: true }}
            helperText={t('examplesHelp')}
            sx={{ flex: 2 }}
          />
        </ReferenceInput>
        {examplesModel && (
          <NumberInput
            source="examples_count"
            label={t('examplesCount')}
            validate={[required(), minValue(EXAMPLES_COUNT.min), maxValue(EXAMPLES_COUNT.max), wholeNumber]}
            step={1}
            helperText={set && set.example_count < (examplesCount ?? 0) ? t('fewerExamples', { smart_count: set.example_count }) : ' '}
            sx={{ flex: 1 }}
          />
        )}
      </Stack>
      {notes.map((note) => (
        <Typography key={note} variant="body2" color={chosen?.shut_down ? 'error' : 'text.secondary'} sx={{ mt: -1, mb: 1 }}>
          {note}
        </Typography>
      ))}
      <TextInput source="system_message" label={t('systemMessage')} validate={required()} multiline minRows={3} />
      <TextInput source="user_message" label={t('userMessage')} validate={required()} multiline minRows={3} helperText="quire.sections.placeholders" />
      <TextInput source="notes" label={t('notes')} multiline minRows={2} />
    </>
  );
}
