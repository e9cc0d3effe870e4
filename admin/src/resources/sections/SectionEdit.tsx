import { Edit, SimpleForm, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../components/useT';
import { SectionInputs } from './SectionInputs';
import { FormToolbar } from '../../components/FormToolbar';
import { trimName, useReturnPath } from './types';
import { TrySectionButton } from '../previews';

/** /sections/edit/{id}: Update and Cancel return to the article it was opened from, else /sections. */
export default function SectionEdit() {
  const t = useT('sections');
  const notify = useNotify();
  const navigate = useNavigate();
  const back = useReturnPath();
  return (
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
      sx={{ maxWidth: 800 }}
    >
      <SimpleForm disableInvalidFormNotification toolbar={<FormToolbar label={t('update')} cancelLabel="quire.sections.cancel" back={back} />}>
        <SectionInputs />
        <TrySectionButton />
      </SimpleForm>
    </Edit>
  );
}
