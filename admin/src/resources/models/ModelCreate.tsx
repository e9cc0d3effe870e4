import { required, SimpleForm, TextInput, useNotify } from 'react-admin';
import { Create } from '../../components/forms';
import { useNavigate } from 'react-router-dom';
import { BaseModelInput, DEFAULT_BASE_MODEL } from '../../components/BaseModelSelect';
import { FormToolbar } from '../../components/FormToolbar';
import { withReason } from '../../components/useRun';
import { useT } from '../../components/useT';

/** /models/new: a name and a base model (gpt-4o by default); back to /models when created. */
export default function ModelCreate() {
  const t = useT('models');
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      title={t('createTitle')}
      mutationOptions={{
        onSuccess: () => navigate('/models'),
        // Spec §8's words, then the server's reason (a name already taken, say).
        onError: (error) => notify(withReason(t('createFailed'))(error), { type: 'error' }),
      }}
      sx={{ maxWidth: 560 }}
    >
      <SimpleForm
        defaultValues={{ name: '', base_model: DEFAULT_BASE_MODEL }}
        disableInvalidFormNotification
        toolbar={<FormToolbar label={t('create')} cancelLabel="quire.models.cancel" back="/models" />}
      >
        <TextInput source="name" label={t('name')} validate={required()} autoFocus inputProps={{ maxLength: 100 }} />
        <BaseModelInput />
      </SimpleForm>
    </Create>
  );
}
