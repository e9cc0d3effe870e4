import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { ArticleForm, ArticlePayload } from './ArticleForm';

export default function ArticleCreate() {
  const t = useT('articles');
  const { run, busy } = useRun();
  const navigate = useNavigate();

  const create = (payload: ArticlePayload) =>
    run('create', {
      call: (dataProvider) => dataProvider.create('articles', { data: payload }),
      invalidates: ['articles'],
      success: t('created'),
      failure: t('createFailed'),
      onSuccess: ({ data }) => navigate(`/articles?id=${data.id}`),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <ArticleForm submitLabel={t('create')} saving={!!busy} onSubmit={create} />
    </Box>
  );
}
