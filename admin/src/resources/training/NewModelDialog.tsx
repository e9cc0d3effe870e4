import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { useT } from '../../components/useT';
import { BaseModelSelect, DEFAULT_BASE_MODEL } from '../../components/BaseModelSelect';
import { serverMessage, useRun } from '../../components/useRun';
import { TrainingModel } from './types';

/** The wizard's New Model modal: a name and a base model; stays open with the reason on failure. */
export function NewModelDialog(props: { onClose: () => void; onCreated: (model: TrainingModel) => void }) {
  const t = useT('training');
  const [name, setName] = useState('');
  const [baseModel, setBaseModel] = useState<string>(DEFAULT_BASE_MODEL);
  const [error, setError] = useState<{ text: string; reason?: string } | null>(null);
  const { run, busy } = useRun();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void run('create', {
      call: (dataProvider) => dataProvider.create<TrainingModel & { id: string }>('models', { data: { name, base_model: baseModel } }),
      invalidates: ['models'],
      onSuccess: ({ data }) => props.onCreated(data),
      onFailure: (failure) => setError({ text: t('modelCreateFailed'), reason: serverMessage(failure) }),
    });
  };

  return (
    <Dialog open onClose={() => !busy && props.onClose()} aria-labelledby="new-model-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-model-title">{t('newModelTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error.text}
                {error.reason && <div>{error.reason}</div>}
              </Alert>
            )}
            <TextField
              label={t('modelName')}
              placeholder={t('modelNamePlaceholder')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 100 } }}
            />
            <BaseModelSelect label={t('baseModel')} value={baseModel} onChange={setBaseModel} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={!!busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!!busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            {t('addModel')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
