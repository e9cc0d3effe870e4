import { Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionsCell, ListContextTable, WholeList } from '../../components/ListTable';
import { SelectAllCell, SelectRowCell } from '../../components/RowSelection';
import { SectionBulkModel } from './SectionBulkModel';
import { useCanWrite } from '../../components/CanWrite';
import { useLookups } from '../../components/useLookups';
import { deleting, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { Section } from './types';

const clip = (text: string, length = 120) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** /sections: every section with Edit, Copy and Delete (and selection for a bulk change) for those who may change them. */
export default function SectionList() {
  const t = useT('sections');
  const canWrite = useCanWrite('sections');
  const { run, busy } = useRun();
  const { modelName, biasName } = useLookups();
  const copy = (section: Section) =>
    run(section.id, {
      confirm: t('confirmCopy'),
      call: (dataProvider) => dataProvider.copySection(section.id),
      invalidates: ['sections'],
      success: t('copied'),
      failure: t('copyFailed'),
    });
  const remove = (section: Section) =>
    run(section.id, {
      ...deleting('sections', section),
      confirm: t('confirmDelete'),
      success: t('deleted'),
      failure: t('deleteFailed'),
    });

  const columns = ['name', 'model', 'temperature', 'biasGroup', 'systemMessage', 'userMessage', 'notes', ...(canWrite ? (['actions'] as const) : [])] as const;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('listTitle')} />
      {canWrite && (
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
          <Button component={Link} to="/sections/new" variant="contained" startIcon={<AddIcon />}>
            {t('createTitle')}
          </Button>
        </Stack>
      )}
      <WholeList resource="sections" sort={{ field: 'name', order: 'ASC' }}>
        <ListContextTable<Section>
          title={t('listTitle')}
          columns={columns.map((column) => t(column))}
          empty={t('empty')}
          headerStart={canWrite && <SelectAllCell label={t('selectAll')} />}
          toolbar={canWrite && <SectionBulkModel />}
          renderRow={(section) => (
            <TableRow key={section.id}>
              {canWrite && <SelectRowCell id={section.id} label={t('select', { name: section.name })} />}
              <TableCell>{section.name}</TableCell>
              <TableCell>
                {modelName(section.model)}
                {section.model_shutdown_date && (
                  <Typography variant="caption" display="block" color="warning.main">
                    {t('stopsShort', { date: section.model_shutdown_date })}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{section.temperature}</TableCell>
              <TableCell>{biasName(section.logit_bias_group, t('none'))}</TableCell>
              <TableCell title={section.system_message}>{clip(section.system_message)}</TableCell>
              <TableCell title={section.user_message}>{clip(section.user_message)}</TableCell>
              <TableCell title={section.notes}>{clip(section.notes, 80)}</TableCell>
              {canWrite && (
                <ActionsCell label={`${t('actions')}: ${section.name}`}>
                  <Button size="small" component={Link} to={`/sections/edit/${section.id}`}>
                    {t('edit')}
                  </Button>
                  <Button size="small" disabled={busy === section.id} onClick={() => copy(section)}>
                    {t('copy')}
                  </Button>
                  <Button size="small" color="error" disabled={busy === section.id} onClick={() => remove(section)}>
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
