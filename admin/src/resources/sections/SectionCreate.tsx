import { Box } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useT } from '../../components/useT';
import { SectionForm } from './SectionForm';
import { returnPath, SectionInput } from './types';

export default function SectionCreate() {
  const t = useT('sections');
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = returnPath(params.get('article'));
  const [saving, setSaving] = useState(false);

  const create = async (section: SectionInput) => {
    setSaving(true);
    try {
      await api('/api/sections', { method: 'POST', body: section });
      notify('quire.sections.created', { type: 'success' });
      navigate(back);
    } catch {
      notify('quire.sections.createFailed', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <SectionForm submitLabel={t('create')} saving={saving} onSubmit={create} onCancel={() => navigate(back)} />
    </Box>
  );
}
