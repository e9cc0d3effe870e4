import { Alert } from '@mui/material';
import { TopToolbar, useNotify } from 'react-admin';
import { Edit } from '../../components/forms';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../components/useT';
import { ArticleForm } from './ArticleForm';
import { TryItButton } from '../previews';
import { Loading } from '../../components/Loading';

/** /articles/edit/{id}: the same form, prefilled; an article that cannot be loaded says so here. */
export default function ArticleEdit() {
  const t = useT('articles');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  return (
    <Edit
      title={t('editTitle')}
      mutationMode="pessimistic"
      queryOptions={{ onError: () => notify('quire.articles.loadFailed', { type: 'error' }) }}
      error={<Alert severity="error">{t('loadFailed')}</Alert>}
      loading={<Loading sx={{ m: 2 }} />}
      mutationOptions={{
        onSuccess: () => {
          notify('quire.articles.updated', { type: 'success' });
          navigate(`/articles?id=${id}`);
        },
        onError: () => notify('quire.articles.updateFailed', { type: 'error' }),
      }}
      actions={
        <TopToolbar>
          <TryItButton articleId={id} />
        </TopToolbar>
      }
      sx={{ maxWidth: 900 }}
    >
      <ArticleForm submitLabel={t('update')} />
    </Edit>
  );
}
