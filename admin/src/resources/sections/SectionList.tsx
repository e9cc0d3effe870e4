import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Title, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { ListTable } from '../../components/ListTable';
import { useLookups } from '../../components/useLookups';
import { useT } from '../../components/useT';
import { Section } from './types';

const clip = (text: string, length = 120) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** /sections: every section with Edit, Copy and Delete. */
export default function SectionList() {
  const t = useT('sections');
  const notify = useNotify();
  const { data, isPending, refetch } = useGetList<Section>('sections', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const { modelName, biasName } = useLookups();
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (id: string, question: string, run: () => Promise<unknown>, done: string, failed: string) => {
    if (busy || !window.confirm(question)) return;
    setBusy(id);
    try {
      await run();
      notify(done, { type: 'success' });
      await refetch();
    } catch {
      notify(failed, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const columns = ['name', 'model', 'temperature', 'biasGroup', 'systemMessage', 'userMessage', 'notes', 'actions'];
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('listTitle')} />
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
        <Button component={Link} to="/sections/new" variant="contained" startIcon={<AddIcon />}>
          {t('createTitle')}
        </Button>
      </Stack>
      <ListTable
        title={t('listTitle')}
        columns={columns.map((column) => t(column))}
        rows={data}
        isPending={isPending}
        empty={t('empty')}
        renderRow={(section) => (
          <TableRow key={section.id}>
            <TableCell>{section.name}</TableCell>
            <TableCell>{modelName(section.model)}</TableCell>
            <TableCell>{section.temperature}</TableCell>
            <TableCell>{biasName(section.logit_bias_group, t('none'))}</TableCell>
            <TableCell title={section.system_message}>{clip(section.system_message)}</TableCell>
            <TableCell title={section.user_message}>{clip(section.user_message)}</TableCell>
            <TableCell title={section.notes}>{clip(section.notes, 80)}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} role="group" aria-label={`${t('actions')}: ${section.name}`}>
                <Button size="small" component={Link} to={`/sections/edit/${section.id}`}>
                  {t('edit')}
                </Button>
                <Button
                  size="small"
                  disabled={busy === section.id}
                  onClick={() => act(section.id, t('confirmCopy'), () => api(`/api/sections/${section.id}/copy`, { method: 'POST' }), 'quire.sections.copied', 'quire.sections.copyFailed')}
                >
                  {t('copy')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={busy === section.id}
                  onClick={() => act(section.id, t('confirmDelete'), () => api(`/api/sections/${section.id}`, { method: 'DELETE' }), 'quire.sections.deleted', 'quire.sections.deleteFailed')}
                >
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
