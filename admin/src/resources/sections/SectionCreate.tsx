import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { SectionForm } from './SectionForm';
import { returnPath, SectionInput } from './types';

export default function SectionCreate() {
  const t = useT('sections');
  const { run, busy } = useRun();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPath(params.get('article'));

  const create = (section: SectionInput) =>
    run('create', {
      call: (dataProvider) => dataProvider.create('sections', { data: section }),
      invalidates: ['sections'],
      success: t('created'),
      failure: t('createFailed'),
      onSuccess: () => navigate(back),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <SectionForm submitLabel={t('create')} saving={!!busy} onSubmit={create} onCancel={() => navigate(back)} />
    </Box>
  );
}
