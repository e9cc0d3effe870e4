import { useNotify } from 'react-admin';
import { Create } from '../../components/forms';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../components/useT';
import { ArticleForm } from './ArticleForm';

/** /articles/new: once created, the article is shown on /articles. */
export default function ArticleCreate() {
  const t = useT('articles');
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      title={t('createTitle')}
      mutationOptions={{
        onSuccess: (article: { id: string }) => {
          notify('quire.articles.created', { type: 'success' });
          navigate(`/articles?id=${article.id}`);
        },
        onError: () => notify('quire.articles.createFailed', { type: 'error' }),
      }}
      sx={{ maxWidth: 900 }}
    >
      <ArticleForm submitLabel={t('create')} />
    </Create>
  );
}
