import { Form, HttpError, useNotify } from 'react-admin';
import { Create } from '../../components/forms';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../components/useRun';
import { useT } from '../../components/useT';
import { BiasForm } from './BiasForm';
import { NEW_GROUP_BIAS, toPayload } from './types';

/** The spec's words, then the server's reason for a refused list (400: too many tokens, say). */
export const withBadRequestReason = (text: string) => (error: unknown) =>
  `${text}${error instanceof HttpError && error.status === 400 ? ` ${serverMessage(error) ?? ''}` : ''}`;

export default function BiasCreate() {
  const t = useT('biaswords');
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Create
      resource="logit-bias-groups"
      title={t('createTitle')}
      transform={toPayload}
      mutationOptions={{
        onSuccess: () => {
          notify(t('created'), { type: 'success' });
          navigate('/biaswords');
        },
        onError: (error) => notify(withBadRequestReason(t('createFailed'))(error), { type: 'error' }),
      }}
      sx={{ maxWidth: 800 }}
    >
      <Form defaultValues={{ name: '', entries: [{ words: '', bias: NEW_GROUP_BIAS }] }} disableInvalidFormNotification>
        <BiasForm submitLabel={t('save')} />
      </Form>
    </Create>
  );
}
