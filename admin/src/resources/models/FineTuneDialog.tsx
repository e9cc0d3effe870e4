import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsTable } from '../../components/DetailsTable';
import { formatCount, formatDate } from '../../i18n/format';
import { serverMessage, useRun } from '../../components/useRun';
import { Model, fineTuneSuffix } from './types';
import { useT } from '../../components/useT';

/** Spec §2: name, base model, output model and tokens trained, then the fine-tune question. */
export function FineTuneDialog(props: { model: Model | null; onClose: () => void; onStarted: () => void }) {
  const t = useT('models');
  const [error, setError] = useState<string | null>(null);
  // The failure is told inside the dialog, which stays open so the operator can cancel.
  const { run, busy } = useRun((_, text) => setError(text));
  const queryClient = useQueryClient();
  const model = props.model;

  const close = () => {
    if (busy) return;
    setError(null);
    props.onClose();
  };

  const start = () => {
    if (!model) return;
    setError(null);
    void run('start', {
      call: (dataProvider) => dataProvider.startFineTune({ modelId: model.id, suffix: fineTuneSuffix(model.name) }),
      invalidates: ['models', 'fine-tune-jobs'],
      failure: (failure) => t('fineTuneFailed') + (serverMessage(failure) ?? (failure as Error).message),
      onSuccess: props.onStarted,
      // A refusal OpenAI gave is kept by the server: the list learns it, so the dialog says it next time.
      onFailure: () => void queryClient.invalidateQueries({ queryKey: ['models'] }),
    });
  };

  const rows: [string, string][] = model
    ? [
        [t('name'), model.name],
        [t('baseModel'), model.base_model],
        [t('outputModel'), model.output_model ?? t('none')],
        [t('tokensTrained'), (model.tokens == null ? undefined : formatCount(model.tokens)) ?? t('none')],
      ]
    : [];

  return (
    <Dialog open={!!model} onClose={close} aria-labelledby="fine-tune-title" fullWidth maxWidth="sm">
      <DialogTitle id="fine-tune-title">{t('confirmFineTuneTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DetailsTable rows={rows} sx={{ mb: 2 }} />
        {model?.fine_tune_refusal && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {model.fine_tune_refused_model
              ? t('fineTuneModelRefused', {
                  model: model.fine_tune_refused_model,
                  date: formatDate(model.fine_tune_refused_at),
                  words: model.fine_tune_refusal,
                  until: formatDate(model.fine_tune_refusal_until),
                })
              : t('fineTuneRefused', { date: formatDate(model.fine_tune_refused_at), words: model.fine_tune_refusal })}
          </Alert>
        )}
        {model?.fine_tune_status === 'paused' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('pausedJobNote')}
          </Alert>
        )}
        <DialogContentText>{t('confirmFineTune')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={!!busy}>
          {t('cancel')}
        </Button>
        <Button onClick={start} variant="contained" disabled={!!busy} autoFocus>
          {busy ? t('starting') : t('fineTune')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
