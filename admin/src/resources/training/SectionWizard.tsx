import { Alert, Box, Button, Link as MuiLink, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ChangeEvent, useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import { useBanner } from '../../components/useBanner';
import { useT } from '../../components/useT';
import { EntryNavigator } from './EntryNavigator';
import { NewModelDialog } from './NewModelDialog';
import { entryText } from './sectionText';
import { TrainingModel } from './types';
import { useExampleActions } from './useExampleActions';
import { useModelChoices } from './useModelChoices';
import { useWizardEntries } from './useWizardEntries';

/**
 * /training/wizard/subclusters: a cluster's sections one by one, each added to or removed from a
 * model; a viewer browses them without New Model, Remove and Add.
 */
export default function SectionWizard() {
  const t = useT('training');
  const canWrite = useCanWrite('models');
  const { banner, show } = useBanner();
  const wizard = useWizardEntries();
  const { models, append } = useModelChoices();
  const actions = useExampleActions(show);
  const [index, setIndex] = useState(0);
  const [draft, setDraft] = useState<string | null>(null);
  const [modelId, setModelId] = useState('');
  const [system, setSystem] = useState('');
  const [user, setUser] = useState('');
  const [creating, setCreating] = useState(false);

  const current = wizard.entries[index];
  const text = draft ?? (current ? entryText(current.item, t('untitled')) : '');
  const backQuery = new URLSearchParams({ start: wizard.start ?? '', end: wizard.end ?? '' });

  const move = (next: number) => {
    setIndex(Math.max(0, Math.min(next, wizard.entries.length - 1)));
    setDraft(null);
  };

  const created = (model: TrainingModel) => {
    append(model);
    setModelId(model._id);
    setCreating(false);
    show('success', t('modelCreated', { name: model.name }));
  };

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title={t('wizardTitle')} />
      {banner}
      {!wizard.valid ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('invalidLink')}
        </Alert>
      ) : wizard.isPending ? (
        <Typography role="status" sx={{ mb: 2 }}>
          {t('loadingSnapshots')}
        </Typography>
      ) : wizard.entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('noEntries')}
        </Typography>
      ) : (
        <EntryNavigator index={index} entries={wizard.entries} disabled={actions.busy} onMove={move} />
      )}
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            select
            label={t('existingModels')}
            value={modelId}
            onChange={(e) => setModelId(e.target.value)}
            sx={{ minWidth: 320 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('selectModel')}</MenuItem>
            {models.map((model) => (
              <MenuItem key={model._id} value={model._id}>
                {model.name}
              </MenuItem>
            ))}
          </TextField>
          {canWrite && (
            <Button variant="outlined" disabled={actions.busy} onClick={() => setCreating(true)} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {t('newModel')}
            </Button>
          )}
        </Stack>
        <TextField label={t('systemMessage')} value={system} onChange={(e) => setSystem(e.target.value)} fullWidth />
        <TextField label={t('userMessage')} value={user} onChange={(e) => setUser(e.target.value)} fullWidth />
        <Box>
          <Typography component="label" htmlFor="wizard-entry-text" variant="body2" sx={{ display: 'block', mb: 0.5, color: 'text.secondary' }}>
            {t('entryText')}
          </Typography>
          <Box
            component="textarea"
            id="wizard-entry-text"
            value={text}
            onChange={(e: ChangeEvent<HTMLTextAreaElement>) => setDraft(e.target.value)}
            sx={{
              display: 'block',
              width: '100%',
              height: 220,
              boxSizing: 'border-box',
              p: 1,
              font: 'inherit',
              fontSize: 14,
              resize: 'vertical',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        </Box>
        {canWrite && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" color="error" disabled={actions.busy} onClick={() => actions.remove(modelId, current?.item)}>
              {t('remove')}
            </Button>
            <Button
              variant="contained"
              disabled={actions.busy}
              onClick={() => actions.add({ modelId, entry: current?.item, clusterId: wizard.clusterId, system, user, assistant: text })}
            >
              {t('add')}
            </Button>
          </Stack>
        )}
        {wizard.jobId && (
          <MuiLink component={Link} to={`/training/clusters/${encodeURIComponent(wizard.jobId)}?${backQuery}`}>
            {t('backToSections')}
          </MuiLink>
        )}
      </Stack>
      {creating && <NewModelDialog onClose={() => setCreating(false)} onCreated={created} />}
    </Box>
  );
}
