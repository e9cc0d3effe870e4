import { Alert, Button, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { TopToolbar, useDataProvider, useNotify } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { DialogSaveActions } from '../../components/DialogSaveActions';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';

/** How often History asks what bulk writing is in flight (GET /api/bulk), never in a hidden tab. */
const BULK_POLL_MS = 5_000;

/**
 * History's "Cancel bulk", for those who may write `bulk`, while the workspace has bulk
 * articles in flight: it asks first, then cancels the workspace's batches at OpenAI (their articles
 * fail; the sections already written are kept), tells the server's answer and reads History again.
 * The confirm button is disabled and busy while the request runs: a double click sends one. The
 * toolbar is there only with the button, so History keeps its place otherwise.
 */
export function CancelBulkToolbar() {
  const t = useT('history');
  const notify = useNotify();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const canCancel = useCanWrite('bulk');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data } = useQuery({ queryKey: ['bulk'], queryFn: () => dataProvider.getBulk(), enabled: canCancel, refetchInterval: BULK_POLL_MS });
  const { run, busy } = useRun((severity, text) => (severity === 'error' ? setError(text) : notify(text, { type: 'success', messageArgs: { _: text } })));
  const saving = busy !== null;
  const articles = data?.articles ?? 0;

  if (!canCancel || (articles === 0 && !open)) return null;

  const close = () => {
    if (saving) return;
    setOpen(false);
    setError(null);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void run('cancel', {
      call: (provider) => provider.cancelBulk(),
      invalidates: ['history', 'bulk', 'usage'],
      success: (result) => result.message,
      failure: withReason(t('cancelBulkFailed')),
      onSuccess: () => setOpen(false),
    });
  };

  return (
    <TopToolbar>
      <Button variant="outlined" color="warning" startIcon={<StopCircleOutlinedIcon />} onClick={() => setOpen(true)} disabled={saving}>
        {t('cancelBulk')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="cancel-bulk-title" aria-describedby="cancel-bulk-content" fullWidth maxWidth="sm">
        <form onSubmit={confirm} noValidate>
          <DialogTitle id="cancel-bulk-title">{t('cancelBulkTitle')}</DialogTitle>
          <DialogContent>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <DialogContentText id="cancel-bulk-content">{t('cancelBulkContent', { smart_count: articles })}</DialogContentText>
          </DialogContent>
          <DialogSaveActions saving={saving} onCancel={close} cancelLabel={t('keepWriting')} submitLabel={t('cancelBulk')} />
        </form>
      </Dialog>
    </TopToolbar>
  );
}
