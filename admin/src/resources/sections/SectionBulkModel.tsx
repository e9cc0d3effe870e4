import { Button, MenuItem, Stack, TextField, Toolbar, Typography } from '@mui/material';
import { groupedModelItems } from '../../components/modelGroups';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import { modelLabel, useLookups } from '../../components/useLookups';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';

/**
 * The selected sections' bulk action: one of the operator's models for all of them,
 * through react-admin's `updateMany` (a PUT per section with only `model`, each a new version).
 */
export function SectionBulkModel() {
  const t = useT('sections');
  const { selectedIds, onUnselectItems } = useListContext();
  const { models } = useLookups();
  const { run, busy } = useRun();
  const [model, setModel] = useState('');
  if (selectedIds.length === 0) return null;

  const change = () => {
    const ids = [...selectedIds];
    void run('model', {
      call: (dataProvider) => dataProvider.updateMany('sections', { ids, data: { model } }),
      invalidates: ['sections'],
      success: t('modelChanged', { smart_count: ids.length }),
      failure: withReason(t('changeModelFailed')),
      onSuccess: () => {
        onUnselectItems();
        setModel('');
      },
    });
  };

  return (
    <Toolbar variant="dense" role="toolbar" aria-label={t('selected', { smart_count: selectedIds.length })} sx={{ gap: 2, bgcolor: 'action.selected' }}>
      <Typography variant="body2">{t('selected', { smart_count: selectedIds.length })}</Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <TextField select size="small" label={t('newModel')} value={model} onChange={(e) => setModel(e.target.value)} sx={{ width: 320 }}>
          {groupedModelItems(models, (option) => (
            <MenuItem key={option.id} value={option.id}>
              {modelLabel(option, t('notTuned'))}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" size="small" disabled={!model || !!busy} onClick={change} sx={{ whiteSpace: 'nowrap' }}>
          {t('changeModel')}
        </Button>
      </Stack>
      <Button size="small" disabled={!!busy} onClick={() => onUnselectItems()} sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
        {t('clearSelection')}
      </Button>
    </Toolbar>
  );
}
