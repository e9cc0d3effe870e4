import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api';
import { useT } from '../../components/useT';
import { ArticleForm, ArticlePayload } from './ArticleForm';
import { Article } from './types';

export default function ArticleEdit() {
  const t = useT('articles');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  const [article, setArticle] = useState<Article | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<Article & { _id: string }>(`/api/articles/${id}`).then(
      (found) => setArticle({ ...found, id: found._id }),
      () => {
        setFailed(true);
        notify('quire.articles.loadFailed', { type: 'error' });
      },
    );
  }, [id, notify]);

  const update = async (payload: ArticlePayload) => {
    setSaving(true);
    try {
      await api(`/api/articles/${id}`, { method: 'PUT', body: payload });
      notify('quire.articles.updated', { type: 'success' });
      navigate(`/articles?id=${id}`);
    } catch {
      notify('quire.articles.updateFailed', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('editTitle')} />
      {failed ? <Alert severity="error">{t('loadFailed')}</Alert> : !article ? <CircularProgress size={24} /> : <ArticleForm article={article} submitLabel={t('update')} saving={saving} onSubmit={update} />}
    </Box>
  );
}
