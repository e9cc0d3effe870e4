import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { groupedModelItems } from '../../components/modelGroups';
import type { ModelOption } from '../../components/useLookups';
import { FormEvent, useState } from 'react';
import { useGetList } from 'react-admin';
import { propertyPlaceholders } from '@quire/shared';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import type { PreviewRequest } from './api';

interface Named {
  id: string;
  name: string;
}

/** A model as the compare pickers name it: its name, and its vendor when it is not on OpenAI. */
const modelText = (m: ModelOption) => (m.connection_id ? `${m.name} (${m.vendor})` : m.name);

/**
 * The values a preview runs on: a title, the page properties the template's prompts name
 * (prefilled with their names, and with sample values when `samples`), an optional client and one
 * or two models (the second only once a first is chosen: a preview runs every section on each).
 */
export function PreviewForm(props: {
  template: { articleId: string } | { sectionId: string };
  /** The template's prompts, for the properties they name. */
  prompts: string[];
  samples?: boolean;
  /** Models chosen beforehand (one, or two to compare). */
  initialModels?: string[];
  onStarted: (previewId: string) => void;
}) {
  const t = useT('previews');
  const { run, busy } = useRun();
  const names = propertyPlaceholders(props.prompts);
  const [title, setTitle] = useState(props.samples ? t('sampleTitle') : '');
  const [properties, setProperties] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((name) => [name, props.samples ? t('sampleValue', { name }) : ''])),
  );
  const [clientId, setClientId] = useState('');
  const [first, setFirst] = useState(props.initialModels?.[0] ?? '');
  const [second, setSecond] = useState(props.initialModels?.[1] ?? '');
  const list = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };
  const { data: clients } = useGetList<Named>('clients', list);
  const { data: models } = useGetList<ModelOption>('models', list);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Not the section form's submit too (a dialog's events reach it through React's tree).
    event.stopPropagation();
    const body: PreviewRequest = {
      ...props.template,
      title,
      properties,
      ...(clientId ? { clientId } : {}),
      ...(first ? { models: second ? [first, second] : [first] } : {}),
    };
    void run('run', {
      call: (dataProvider) => dataProvider.runPreview(body),
      invalidates: ['previews'],
      failure: withReason(t('runFailed')),
      onSuccess: (preview) => props.onStarted(preview._id),
    });
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={t('run')}>
      <Stack spacing={2}>
        <TextField label={t('rowTitle')} value={title} onChange={(e) => setTitle(e.target.value)} required size="small" />
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('properties')}
          </Typography>
          {names.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('noProperties')}
            </Typography>
          ) : (
            <Stack spacing={1} sx={{ mt: 1 }}>
              {names.map((name) => (
                <TextField
                  key={name}
                  label={name}
                  value={properties[name] ?? ''}
                  onChange={(e) => setProperties({ ...properties, [name]: e.target.value })}
                  size="small"
                  multiline
                  maxRows={4}
                />
              ))}
            </Stack>
          )}
        </Box>
        <TextField select label={t('client')} value={clientId} onChange={(e) => setClientId(e.target.value)} size="small">
          <MenuItem value="">{t('noClient')}</MenuItem>
          {(clients ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('model')}
            value={first}
            onChange={(e) => {
              setFirst(e.target.value);
              if (!e.target.value || e.target.value === second) setSecond('');
            }}
            size="small"
            sx={{ flex: 1 }}
          >
            <MenuItem value="">{t('ownModels')}</MenuItem>
            {groupedModelItems(models ?? [], (m) => (
              <MenuItem key={m.id} value={m.id}>
                {modelText(m)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('secondModel')} value={second} onChange={(e) => setSecond(e.target.value)} size="small" disabled={!first} sx={{ flex: 1 }}>
            <MenuItem value="">{t('noSecondModel')}</MenuItem>
            {groupedModelItems(
              (models ?? []).filter((m) => m.id !== first),
              (m) => (
                <MenuItem key={m.id} value={m.id}>
                  {modelText(m)}
                </MenuItem>
              ),
            )}
          </TextField>
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={!!busy || !title.trim()}>
            {busy ? t('running') : t('run')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
