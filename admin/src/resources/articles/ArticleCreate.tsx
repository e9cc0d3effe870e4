import { Box } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useT } from '../../components/useT';
import { ArticleForm, ArticlePayload } from './ArticleForm';

export default function ArticleCreate() {
  const t = useT('articles');
  const notify = useNotify();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  const create = async (payload: ArticlePayload) => {
    setSaving(true);
    try {
      const created = await api<{ _id: string }>('/api/articles', { method: 'POST', body: payload });
      notify('quire.articles.created', { type: 'success' });
      navigate(`/articles?id=${created._id}`);
    } catch {
      notify('quire.articles.createFailed', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <ArticleForm submitLabel={t('create')} saving={saving} onSubmit={create} />
    </Box>
  );
}
