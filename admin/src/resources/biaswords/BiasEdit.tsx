import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../api';
import { useT } from '../../components/useT';
import { BiasForm } from './BiasForm';
import { BiasEntry, BiasList } from './types';

/** /biaswords/{id}/edit: a list that cannot be loaded sends the operator back with the spec's message. */
export default function BiasEdit() {
  const t = useT('biaswords');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  const [list, setList] = useState<BiasList | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<BiasList & { _id: string }>(`/api/logit-bias-groups/${id}`).then(
      (found) => setList({ ...found, id: found._id }),
      () => {
        notify('quire.biaswords.loadFailed', { type: 'error' });
        navigate('/biaswords', { replace: true });
      },
    );
  }, [id, navigate, notify]);

  const update = async (payload: { name: string; entries: BiasEntry[] }) => {
    setSaving(true);
    try {
      await api(`/api/logit-bias-groups/${id}`, { method: 'PUT', body: payload });
      notify('quire.biaswords.updated', { type: 'success' });
      navigate('/biaswords');
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 400 ? ` ${error.body?.message ?? ''}` : '';
      notify(`${t('updateFailed')}${reason}`, { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('editTitle')} />
      {!list ? <CircularProgress size={24} /> : <BiasForm list={list} submitLabel={t('update')} saving={saving} onSubmit={update} onCancel={() => navigate('/biaswords')} />}
    </Box>
  );
}
