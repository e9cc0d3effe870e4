import { Form, useNotify } from 'react-admin';
import { Edit } from '../../components/forms';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../components/useT';
import { withBadRequestReason } from './BiasCreate';
import { BiasForm } from './BiasForm';
import { toPayload } from './types';

/** /biaswords/{id}/edit: a list that cannot be loaded sends the operator back with the spec's message. */
export default function BiasEdit() {
  const t = useT('biaswords');
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Edit
      resource="logit-bias-groups"
      title={t('editTitle')}
      mutationMode="pessimistic"
      transform={toPayload}
      queryOptions={{
        onError: () => {
          notify(t('loadFailed'), { type: 'error' });
          navigate('/biaswords', { replace: true });
        },
      }}
      mutationOptions={{
        onSuccess: () => {
          notify(t('updated'), { type: 'success' });
          navigate('/biaswords');
        },
        onError: (error) => notify(withBadRequestReason(t('updateFailed'))(error), { type: 'error' }),
      }}
      sx={{ maxWidth: 800 }}
    >
      <Form disableInvalidFormNotification>
        <BiasForm submitLabel={t('update')} />
      </Form>
    </Edit>
  );
}
