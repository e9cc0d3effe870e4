import { Box } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../api';
import { useT } from '../../components/useT';
import { BiasForm } from './BiasForm';
import { BiasEntry } from './types';

export default function BiasCreate() {
  const t = useT('biaswords');
  const notify = useNotify();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  const create = async (payload: { name: string; entries: BiasEntry[] }) => {
    setSaving(true);
    try {
      await api('/api/logit-bias-groups', { method: 'POST', body: payload });
      notify('quire.biaswords.created', { type: 'success' });
      navigate('/biaswords');
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 400 ? ` ${error.body?.message ?? ''}` : '';
      notify(`${t('createFailed')}${reason}`, { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <BiasForm submitLabel={t('save')} saving={saving} onSubmit={create} onCancel={() => navigate('/biaswords')} />
    </Box>
  );
}
