import { SimpleForm, useNotify } from 'react-admin';
import { Edit } from '../../components/forms';
import { Stack } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../components/useT';
import { SectionInputs } from './SectionInputs';
import { FormToolbar } from '../../components/FormToolbar';
import { trimName, useReturnPath } from './types';
import { SectionVersions } from './SectionVersions';
import { TrySectionButton } from '../previews';

/**
 * /sections/edit/{id}: Update and Cancel return to the article it was opened from, else /sections.
 * Beside the form, the section's versions.
 */
export default function SectionEdit() {
  const t = useT('sections');
  const notify = useNotify();
  const navigate = useNavigate();
  const back = useReturnPath();
  const { id } = useParams<'id'>();
  return (
    <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} alignItems={{ xs: 'stretch', xl: 'flex-start' }}>
      <Edit
        title={t('editTitle')}
        mutationMode="pessimistic"
        transform={trimName}
        queryOptions={{ onError: () => notify(t('loadFailed'), { type: 'error' }) }}
        mutationOptions={{
          onSuccess: () => {
            notify(t('updated'), { type: 'success' });
            navigate(back);
          },
          onError: () => notify(t('updateFailed'), { type: 'error' }),
        }}
        sx={{ maxWidth: 800, width: '100%', flex: { xl: '0 1 800px' } }}
      >
        <SimpleForm disableInvalidFormNotification toolbar={<FormToolbar label={t('update')} cancelLabel="quire.sections.cancel" back={back} />}>
          <SectionInputs />
          <TrySectionButton />
        </SimpleForm>
      </Edit>
      {id && <SectionVersions sectionId={id} />}
    </Stack>
  );
}
