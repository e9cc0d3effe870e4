import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useT } from '../../components/useT';
import { SectionForm } from './SectionForm';
import { returnPath, Section, SectionInput } from './types';

/** /sections/edit/{id}: Update and Cancel return to the article it was opened from, else /sections. */
export default function SectionEdit() {
  const t = useT('sections');
  const notify = useNotify();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const back = returnPath(params.get('article'));
  const [section, setSection] = useState<Section | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<Section & { _id: string }>(`/api/sections/${id}`).then(setSection, () => setFailed(true));
  }, [id]);

  const update = async (values: SectionInput) => {
    setSaving(true);
    try {
      await api(`/api/sections/${id}`, { method: 'PUT', body: values });
      notify('quire.sections.updated', { type: 'success' });
      navigate(back);
    } catch {
      notify('quire.sections.updateFailed', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('editTitle')} />
      {failed ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !section ? (
        <CircularProgress size={24} />
      ) : (
        <SectionForm
          initial={{
            name: section.name,
            model: section.model,
            temperature: section.temperature,
            logit_bias_group: section.logit_bias_group,
            system_message: section.system_message,
            user_message: section.user_message,
            notes: section.notes,
          }}
          submitLabel={t('update')}
          saving={saving}
          onSubmit={update}
          onCancel={() => navigate(back)}
        />
      )}
    </Box>
  );
}
