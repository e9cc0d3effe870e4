import { Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { modelLabel, useLookups } from '../../components/useLookups';
import { useT } from '../../components/useT';
import { SectionInput } from './types';

const EMPTY: SectionInput = { name: '', model: '', temperature: 0.7, logit_bias_group: null, system_message: '', user_message: '', notes: '' };

/** The section fields of spec §2, with spec §5's required ones checked before anything is sent. */
export function SectionForm(props: {
  initial?: SectionInput;
  submitLabel: string;
  saving: boolean;
  onSubmit: (section: SectionInput) => void;
  onCancel: () => void;
}) {
  const t = useT('sections');
  const { models, biasGroups } = useLookups();
  const [values, setValues] = useState<SectionInput>(props.initial ?? EMPTY);
  const [temperature, setTemperature] = useState(String(props.initial?.temperature ?? EMPTY.temperature));
  const [touched, setTouched] = useState(false);
  const set = (field: keyof SectionInput) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const temperatureValue = Number(temperature);
  const temperatureValid = temperature.trim() !== '' && Number.isFinite(temperatureValue) && temperatureValue >= 0 && temperatureValue <= 2;
  const missing = {
    name: !values.name.trim(),
    model: !values.model,
    system_message: !values.system_message.trim(),
    user_message: !values.user_message.trim(),
  };
  const error = (field: keyof typeof missing) => touched && missing[field];
  const chosenModel = models.find((model) => model.id === values.model);
  const modelNote = chosenModel?.reasoning ? t('reasoningNote', { model: chosenModel.output_model ?? chosenModel.base_model }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (props.saving || Object.values(missing).some(Boolean) || !temperatureValid) return;
    props.onSubmit({ ...values, name: values.name.trim(), temperature: temperatureValue });
  };

  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={props.submitLabel}>
          <Stack spacing={2}>
            <TextField label={t('name')} value={values.name} onChange={set('name')} required error={error('name')} helperText={error('name') ? t('required') : undefined} inputProps={{ maxLength: 200 }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('model')} value={values.model} onChange={set('model')} required error={error('model')} helperText={error('model') ? t('required') : modelNote} sx={{ flex: 2 }}>
                {models.map((model) => (
                  <MenuItem key={model.id} value={model.id}>
                    {modelLabel(model, t('notTuned'))}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('temperature')}
                type="number"
                value={temperature}
                onChange={(e) => setTemperature(e.target.value)}
                required
                inputProps={{ step: 0.1, min: 0, max: 2 }}
                error={touched && !temperatureValid}
                helperText={touched && !temperatureValid ? '0 – 2' : undefined}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label={t('biasGroup')}
                value={values.logit_bias_group ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, logit_bias_group: e.target.value || null }))}
                sx={{ flex: 2 }}
                SelectProps={{ displayEmpty: true }}
                InputLabelProps={{ shrink: true }}
              >
                <MenuItem value="">{t('none')}</MenuItem>
                {biasGroups.map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField label={t('systemMessage')} value={values.system_message} onChange={set('system_message')} required multiline minRows={3} error={error('system_message')} helperText={error('system_message') ? t('required') : undefined} />
            <TextField label={t('userMessage')} value={values.user_message} onChange={set('user_message')} required multiline minRows={3} error={error('user_message')} helperText={error('user_message') ? t('required') : t('placeholders')} />
            <TextField label={t('notes')} value={values.notes} onChange={set('notes')} multiline minRows={2} />
            <Box>
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" disabled={props.saving}>
                  {props.saving ? t('saving') : props.submitLabel}
                </Button>
                <Button onClick={props.onCancel} disabled={props.saving}>
                  {t('cancel')}
                </Button>
              </Stack>
            </Box>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
