import { Button, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useFieldArray } from 'react-hook-form';
import { maxValue, minValue, NumberInput, required, TextInput } from 'react-admin';
import { FormToolbar } from '../../components/FormToolbar';
import { useT } from '../../components/useT';
import { TokenPreview } from './TokenPreview';
import { NEW_GROUP_BIAS, splitWords, wordsText } from './types';

const someWords = (value: string | string[] | undefined) => (splitWords(wordsText(value)).length > 0 ? undefined : 'ra.validation.required');
const biasRange = 'quire.biaswords.biasRange';

/** A list name and its repeatable groups of comma-separated words with a bias each (spec §2, §5). */
export function BiasForm(props: { submitLabel: string }) {
  const t = useT('biaswords');
  const { fields, append, remove } = useFieldArray({ name: 'entries' });
  return (
    <>
      <Stack spacing={2} sx={{ p: 2 }}>
        <TextInput source="name" label={t('listName')} validate={required()} inputProps={{ maxLength: 200 }} helperText={false} />
        {fields.map((field, index) => {
          const label = t('group', { n: index + 1 });
          return (
            <Paper key={field.id} variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {label}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
                <TextInput
                  source={`entries.${index}.words`}
                  label="quire.biaswords.groupWords"
                  format={wordsText}
                  validate={[required(), someWords]}
                  multiline
                  minRows={2}
                  sx={{ flex: 3 }}
                />
                <NumberInput
                  source={`entries.${index}.bias`}
                  label="quire.biaswords.bias"
                  validate={[required(biasRange), minValue(-100, biasRange), maxValue(100, biasRange)]}
                  min={-100}
                  max={100}
                  step={1}
                  sx={{ flex: 1 }}
                />
              </Stack>
              {fields.length > 1 && (
                <Button color="error" size="small" onClick={() => remove(index)}>
                  {t('removeGroup')}
                </Button>
              )}
            </Paper>
          );
        })}
        <div>
          <Button startIcon={<AddIcon />} onClick={() => append({ words: '', bias: NEW_GROUP_BIAS })}>
            {t('addGroup')}
          </Button>
        </div>
      </Stack>
      <FormToolbar label={props.submitLabel} cancelLabel="quire.biaswords.cancel" back="/biaswords" />
      <Stack sx={{ px: 2, pb: 2 }}>
        <TokenPreview />
      </Stack>
    </>
  );
}
