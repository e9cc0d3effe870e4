import { Box, CircularProgress } from '@mui/material';
import { HttpError, Title, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { serverMessage, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { BiasForm } from './BiasForm';
import { BiasEntry, BiasList } from './types';

/** /biaswords/{id}/edit: a list that cannot be loaded sends the operator back with the spec's message. */
export default function BiasEdit() {
  const t = useT('biaswords');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  const { run, busy } = useRun();
  const { data: list } = useGetOne<BiasList>(
    'logit-bias-groups',
    { id: id ?? '' },
    {
      enabled: !!id,
      onError: () => {
        notify('quire.biaswords.loadFailed', { type: 'error' });
        navigate('/biaswords', { replace: true });
      },
    },
  );

  const update = (payload: { name: string; entries: BiasEntry[] }) =>
    run('update', {
      call: (dataProvider) => dataProvider.update('logit-bias-groups', { id: id ?? '', data: payload, previousData: list }),
      invalidates: ['logit-bias-groups'],
      success: t('updated'),
      failure: (error) => `${t('updateFailed')}${error instanceof HttpError && error.status === 400 ? ` ${serverMessage(error) ?? ''}` : ''}`,
      onSuccess: () => navigate('/biaswords'),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('editTitle')} />
      {!list ? <CircularProgress size={24} /> : <BiasForm list={list} submitLabel={t('update')} saving={!!busy} onSubmit={update} onCancel={() => navigate('/biaswords')} />}
    </Box>
  );
}
