import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import { useState } from 'react';
import { Title, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { ListTable } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { BiasList as BiasListRecord } from './types';

/** /biaswords: the lists with their numbers of groups and words. */
export default function BiasList() {
  const t = useT('biaswords');
  const notify = useNotify();
  const { data, isPending, refetch } = useGetList<BiasListRecord>('logit-bias-groups', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (list: BiasListRecord) => {
    if (busy || !window.confirm(t('confirmDelete'))) return;
    setBusy(list.id);
    try {
      await api(`/api/logit-bias-groups/${list.id}`, { method: 'DELETE' });
      await refetch();
    } catch {
      notify('quire.biaswords.deleteFailed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={t('listTitle')} />
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
        <Button component={Link} to="/biaswords/new" variant="contained">
          {t('createNew')}
        </Button>
      </Stack>
      <ListTable
        title={t('listTitle')}
        columns={['name', 'groups', 'words', 'actions'].map((column) => t(column))}
        rows={data}
        isPending={isPending}
        empty={t('empty')}
        renderRow={(list) => (
          <TableRow key={list.id}>
            <TableCell>{list.name}</TableCell>
            <TableCell>{list.entries.length}</TableCell>
            <TableCell>{list.word_count}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} role="group" aria-label={`${t('actions')}: ${list.name}`}>
                <Button size="small" component={Link} to={`/biaswords/${list.id}/edit`}>
                  {t('edit')}
                </Button>
                <Button size="small" color="error" disabled={busy === list.id} onClick={() => remove(list)}>
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
