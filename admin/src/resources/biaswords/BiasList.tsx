import { Box, Button, Stack } from '@mui/material';
import { DataTable, Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { DataList, RowActions, WholeList } from '../../components/ListTable';
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
        <DataList<BiasListRecord> title={t('listTitle')} empty={t('empty')}>
          <DataTable.Col<BiasListRecord> label={t('name')} render={(list) => list.name} />
          <DataTable.Col<BiasListRecord> label={t('groups')} render={(list) => list.entries.length} />
          <DataTable.Col<BiasListRecord> label={t('words')} render={(list) => list.word_count} />
          {canWrite && (
            <DataTable.Col<BiasListRecord>
              label={t('actions')}
              render={(list) => (
                <RowActions label={`${t('actions')}: ${list.name}`}>
                  <Button size="small" component={Link} to={`/biaswords/${list.id}/edit`}>
                    {t('edit')}
                  </Button>
                  <Button size="small" color="error" disabled={busy === list.id} onClick={() => remove(list)}>
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
