import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { useState } from 'react';
import { DataTable, HttpError, Title, useGetList } from 'react-admin';
import { DataList, RowActions, WholeList } from '../../components/ListTable';
import { QuireDataProvider } from '../../dataProvider';
import { useCanWrite } from '../../components/CanWrite';
import { deleting, serverMessage, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { AddClient } from './AddClient';
import { pickFolder, PickedFolder } from './folderPicker';
import type { Api } from '../../api/client';
import type { Budget } from '../../pages/home/api';
import { formatUsd } from '../../i18n/format';

type Client = Api<'ClientResponse'>;

/** /clients: add by name, each client's Drive save folder (set through the Google Picker), delete; a viewer only reads. */
export default function ClientsPage() {
  const t = useT('clients');
  const { run, busy } = useRun();
  const canWrite = useCanWrite('clients');
  const [pickerError, setPickerError] = useState<string | null>(null);
  // Each client's monthly limit (set on Home) and the month's spend against it.
  const { data: budgets } = useGetList<Budget>('budgets', { pagination: { page: 1, perPage: 1000 } });
  const budgetOf = (client: Client) => budgets?.find((budget) => budget.client_id === client.id);

  /** The Picker, opened with the server's access token; its failure is shown as the server said it. */
  const chooseFolder = async (dataProvider: QuireDataProvider): Promise<PickedFolder | null> => {
    setPickerError(null);
    try {
      const access = await dataProvider.getGoogleDriveToken();
      return await pickFolder({ ...access, title: t('pickerTitle') });
    } catch (error) {
      setPickerError(error instanceof HttpError ? (serverMessage(error) ?? error.message) : t('pickerUnavailable'));
      return null;
    }
  };

  const setSavePath = (client: Client) =>
    run(client.id, {
      call: async (dataProvider) => {
        const folder = await chooseFolder(dataProvider);
        if (folder) await dataProvider.setSavePath(client.id, { folderId: folder.id, folderName: folder.name });
        return folder;
      },
      invalidates: ['clients'],
      success: (folder) => (folder ? t('pathSaved') : undefined),
      failure: t('pathFailed'),
    });

  const remove = (client: Client) =>
    run(client.id, {
      ...deleting('clients', client),
      confirm: t('confirmDelete'),
      success: t('deleted'),
      failure: t('deleteFailed'),
    });

  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Title title={t('title')} />
      {/* Its create controller would send one who may not create to "access denied": not rendered for them at all. */}
      {canWrite && <AddClient />}
      {pickerError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setPickerError(null)}>
          {pickerError}
        </Alert>
      )}
      <WholeList resource="clients" sort={{ field: 'name', order: 'ASC' }}>
        <DataList<Client> title={t('title')} empty={t('empty')}>
          <DataTable.Col<Client> label={t('name')} render={(client) => client.name} />
          <DataTable.Col<Client>
            label={t('savePath')}
            render={(client) =>
              client.savePath ? (
                <MuiLink href={`https://drive.google.com/drive/folders/${encodeURIComponent(client.savePath)}`} target="_blank" rel="noopener noreferrer">
                  {client.savePathLabel ?? client.savePath}
                </MuiLink>
              ) : (
                t('notSet')
              )
            }
          />
          <DataTable.Col<Client>
            label={t('budget')}
            render={(client) => {
              const budget = budgetOf(client);
              return budget ? t('budgetSpentOf', { spent: formatUsd(budget.spent_usd, ''), limit: formatUsd(budget.monthly_limit_usd, '') }) : t('budgetNone');
            }}
          />
          {canWrite && (
            <DataTable.Col<Client>
              label={t('actions')}
              render={(client) => (
                <RowActions label={`${t('actions')}: ${client.name}`}>
                  <Button size="small" disabled={busy === client.id} onClick={() => setSavePath(client)}>
                    {t('setSavePath')}
                  </Button>
                  <Button size="small" color="error" disabled={busy === client.id} onClick={() => remove(client)}>
                    {t('delete')}
                  </Button>
                </RowActions>
              )}
            />
          )}
        </DataList>
      </WholeList>
    </Box>
  );
}
