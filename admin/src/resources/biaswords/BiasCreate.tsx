import { Box } from '@mui/material';
import { HttpError, Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { serverMessage, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { BiasForm } from './BiasForm';
import { BiasEntry } from './types';

export default function BiasCreate() {
  const t = useT('biaswords');
  const { run, busy } = useRun();
  const navigate = useNavigate();

  const create = (payload: { name: string; entries: BiasEntry[] }) =>
    run('create', {
      call: (dataProvider) => dataProvider.create('logit-bias-groups', { data: payload }),
      invalidates: ['logit-bias-groups'],
      success: t('created'),
      failure: (error) => `${t('createFailed')}${error instanceof HttpError && error.status === 400 ? ` ${serverMessage(error) ?? ''}` : ''}`,
      onSuccess: () => navigate('/biaswords'),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <BiasForm submitLabel={t('save')} saving={!!busy} onSubmit={create} onCancel={() => navigate('/biaswords')} />
    </Box>
  );
}
