import { SimpleForm, useNotify } from 'react-admin';
import { EXAMPLES_COUNT } from '@quire/shared';
import { Create } from '../../components/forms';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../components/useT';
import { SectionInputs } from './SectionInputs';
import { FormToolbar } from '../../components/FormToolbar';
import { SectionInput, trimName, useReturnPath } from './types';

const EMPTY: SectionInput = {
  name: '',
  model: '',
  temperature: 0.7,
  reasoning_effort: null,
  logit_bias_group: null,
  examples_model: null,
  examples_count: EXAMPLES_COUNT.default,
  system_message: '',
  user_message: '',
  notes: '',
};

/** /sections/new: back to the article it was opened from, else /sections. */
export default function SectionCreate() {
  const t = useT('sections');
  const notify = useNotify();
  const navigate = useNavigate();
  const back = useReturnPath();
  return (
    <Create
      title={t('createTitle')}
      transform={trimName}
      mutationOptions={{
        onSuccess: () => {
          notify(t('created'), { type: 'success' });
          navigate(back);
        },
        onError: () => notify(t('createFailed'), { type: 'error' }),
      }}
      sx={{ maxWidth: 800 }}
    >
      <SimpleForm
        defaultValues={EMPTY}
        disableInvalidFormNotification
        toolbar={<FormToolbar label={t('create')} cancelLabel="quire.sections.cancel" back={back} />}
      >
        <SectionInputs />
      </SimpleForm>
    </Create>
  );
}
