import { Alert, Box, CircularProgress } from '@mui/material';
import { Title, useGetOne } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { SectionForm } from './SectionForm';
import { returnPath, Section, SectionInput } from './types';

/** /sections/edit/{id}: Update and Cancel return to the article it was opened from, else /sections. */
export default function SectionEdit() {
  const t = useT('sections');
  const { run, busy } = useRun();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const back = returnPath(params.get('article'));
  const { data: section, error: failed } = useGetOne<Section>('sections', { id: id ?? '' }, { enabled: !!id });

  const update = (values: SectionInput) =>
    run('update', {
      call: (dataProvider) => dataProvider.update('sections', { id: id ?? '', data: values, previousData: section }),
      invalidates: ['sections'],
      success: t('updated'),
      failure: t('updateFailed'),
      onSuccess: () => navigate(back),
    });

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
          saving={!!busy}
          onSubmit={update}
          onCancel={() => navigate(back)}
        />
      )}
    </Box>
  );
}
