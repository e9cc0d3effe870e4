import { Alert, Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { Identifier } from 'react-admin';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { DialogSaveActions } from '../../components/DialogSaveActions';

/** "New workspace…": a name, POST /api/workspaces (its maker is its owner), then `onCreated` with its id. */
export function NewWorkspaceDialog(props: { onClose: () => void; onCreated: (id: Identifier) => void }) {
  const t = useT('workspaces');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useRun((severity, text) => severity === 'error' && setError(text));
  const saving = busy !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('nameRequired'));
      return;
    }
    setError(null);
    void run('create', {
      call: (dataProvider) => dataProvider.create('workspaces', { data: { name: trimmed } }),
      failure: withReason(t('createFailed')),
      onSuccess: ({ data }) => props.onCreated(data.id),
    });
  };

  return (
    <Dialog open onClose={saving ? undefined : props.onClose} aria-labelledby="new-workspace-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-workspace-title">{t('newTitle')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            required
            fullWidth
            margin="dense"
            label={t('name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </DialogContent>
        <DialogSaveActions saving={saving} onCancel={props.onClose} cancelLabel={t('cancel')} submitLabel={t('create')} />
      </form>
    </Dialog>
  );
}
