import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionsCell, ListContextTable, WholeList } from '../../components/ListTable';
import { useCanWrite } from '../../components/CanWrite';
import { deleting, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { BiasList as BiasListRecord } from './types';

/** /biaswords: the lists with their numbers of groups and words. */
export default function BiasList() {
  const t = useT('biaswords');
  const { run, busy } = useRun();
  const canWrite = useCanWrite('biaswords');

  const remove = (list: BiasListRecord) =>
    run(list.id, {
      ...deleting('logit-bias-groups', list),
      confirm: t('confirmDelete'),
      failure: t('deleteFailed'),
    });

  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={t('listTitle')} />
      {canWrite && (
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
          <Button component={Link} to="/biaswords/new" variant="contained">
            {t('createNew')}
          </Button>
        </Stack>
      )}
      <WholeList resource="logit-bias-groups" sort={{ field: 'name', order: 'ASC' }}>
        <ListContextTable<BiasListRecord>
          title={t('listTitle')}
          columns={['name', 'groups', 'words', ...(canWrite ? ['actions'] : [])].map((column) => t(column))}
          empty={t('empty')}
          renderRow={(list) => (
            <TableRow key={list.id}>
              <TableCell>{list.name}</TableCell>
              <TableCell>{list.entries.length}</TableCell>
              <TableCell>{list.word_count}</TableCell>
              {canWrite && (
                <ActionsCell label={`${t('actions')}: ${list.name}`}>
                  <Button size="small" component={Link} to={`/biaswords/${list.id}/edit`}>
                    {t('edit')}
                  </Button>
                  <Button size="small" color="error" disabled={busy === list.id} onClick={() => remove(list)}>
                    {t('delete')}
                  </Button>
                </ActionsCell>
              )}
            </TableRow>
          )}
        />
      </WholeList>
    </Box>
  );
}
