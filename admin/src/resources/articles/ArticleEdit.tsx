import { Alert, Box, CircularProgress } from '@mui/material';
import { Title, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { ArticleForm, ArticlePayload } from './ArticleForm';
import { Article } from './types';
import { TryItButton } from '../previews';

export default function ArticleEdit() {
  const t = useT('articles');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  const { run, busy } = useRun();
  const { data: article, error: failed } = useGetOne<Article>(
    'articles',
    { id: id ?? '' },
    { enabled: !!id, onError: () => notify('quire.articles.loadFailed', { type: 'error' }) },
  );

  const update = (payload: ArticlePayload) =>
    run('update', {
      call: (dataProvider) => dataProvider.update('articles', { id: id ?? '', data: payload, previousData: article }),
      invalidates: ['articles'],
      success: t('updated'),
      failure: t('updateFailed'),
      onSuccess: () => navigate(`/articles?id=${id}`),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('editTitle')} />
      <TryItButton articleId={id} />
      {failed ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !article ? (
        <CircularProgress size={24} />
      ) : (
        <ArticleForm article={article} submitLabel={t('update')} saving={!!busy} onSubmit={update} />
      )}
    </Box>
  );
}
