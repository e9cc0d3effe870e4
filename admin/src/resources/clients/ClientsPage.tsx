import { Alert, Box, Button, Link as MuiLink, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { Title, useGetList, useNotify } from 'react-admin';
import { api, ApiError } from '../../api';
import { ListTable } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { pickFolder } from './folderPicker';

interface Client {
  id: string;
  name: string;
  savePath: string | null;
  savePathLabel: string | null;
}

/** /clients: add by name, each client's Drive save folder (set through the Google Picker), delete. */
export default function ClientsPage() {
  const t = useT('clients');
  const notify = useNotify();
  const { data, isPending, refetch } = useGetList<Client>('clients', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [pickerError, setPickerError] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void run('add', async () => {
      try {
        await api('/api/clients', { method: 'POST', body: { name: name.trim() } });
        setName('');
        notify('quire.clients.saved', { type: 'success' });
        await refetch();
      } catch (error) {
        const reason = error instanceof ApiError && error.status === 409 ? ` ${error.body?.message}` : '';
        notify(`${t('saveFailed')}${reason}`, { type: 'error' });
      }
    });
  };

  const setSavePath = (client: Client) =>
    run(client.id, async () => {
      setPickerError(null);
      let folder;
      try {
        const access = await api<{ token: string; apiKey: string; appId: string }>('/api/google-drive-token');
        folder = await pickFolder({ ...access, title: t('pickerTitle') });
      } catch (error) {
        setPickerError(error instanceof ApiError ? (error.body?.message ?? error.message) : t('pickerUnavailable'));
        return;
      }
      if (!folder) return;
      try {
        await api(`/api/clients/${client.id}/save-path`, { method: 'POST', body: { folderId: folder.id, folderName: folder.name } });
        notify('quire.clients.pathSaved', { type: 'success' });
        await refetch();
      } catch {
        notify('quire.clients.pathFailed', { type: 'error' });
      }
    });

  const remove = (client: Client) => {
    if (busy || !window.confirm(t('confirmDelete'))) return;
    void run(client.id, async () => {
      try {
        await api(`/api/clients/${client.id}`, { method: 'DELETE' });
        notify('quire.clients.deleted', { type: 'success' });
        await refetch();
      } catch {
        notify('quire.clients.deleteFailed', { type: 'error' });
      }
    });
  };

  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Title title={t('title')} />
      <form onSubmit={add} aria-label={t('add')}>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <TextField size="small" label={t('newName')} value={name} onChange={(e) => setName(e.target.value)} inputProps={{ maxLength: 200 }} sx={{ minWidth: 320 }} />
          <Button type="submit" variant="contained" disabled={busy === 'add'}>
            {t('add')}
          </Button>
        </Stack>
      </form>
      {pickerError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setPickerError(null)}>
          {pickerError}
        </Alert>
      )}
      <ListTable
        title={t('title')}
        columns={['name', 'savePath', 'actions'].map((column) => t(column))}
        rows={data}
        isPending={isPending}
        empty={t('empty')}
        renderRow={(client) => (
          <TableRow key={client.id}>
            <TableCell>{client.name}</TableCell>
            <TableCell>
              {client.savePath ? (
                <MuiLink href={`https://drive.google.com/drive/folders/${encodeURIComponent(client.savePath)}`} target="_blank" rel="noopener noreferrer">
                  {client.savePathLabel ?? client.savePath}
                </MuiLink>
              ) : (
                t('notSet')
              )}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} role="group" aria-label={`${t('actions')}: ${client.name}`}>
                <Button size="small" disabled={busy === client.id} onClick={() => setSavePath(client)}>
                  {t('setSavePath')}
                </Button>
                <Button size="small" color="error" disabled={busy === client.id} onClick={() => remove(client)}>
                  {t('delete')}
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        )}
      />
    </Box>
  );
}
