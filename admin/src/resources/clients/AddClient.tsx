import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, HttpError, TextInput, useNotify, useSaveContext } from 'react-admin';
import { CreateBase, SubmitButton } from '../../components/forms';
import { serverMessage } from '../../components/useRun';
import { useT } from '../../components/useT';

/** Spec §5: a name blank after trimming is not saved (and nothing is said); others are saved trimmed. */
function AddClientForm() {
  const t = useT('clients');
  const { save } = useSaveContext();
  return (
    <Form
      onSubmit={(values: { name?: string }) => (values.name?.trim() ? save?.({ name: values.name.trim() }) : undefined)}
      defaultValues={{ name: '' }}
      disableInvalidFormNotification
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
        <TextInput
          source="name"
          label={t('newName')}
          size="small"
          variant="outlined"
          margin="none"
          helperText={false}
          inputProps={{ maxLength: 200 }}
          sx={{ minWidth: 320 }}
        />
        <SubmitButton label={t('add')} />
      </Stack>
    </Form>
  );
}

/**
 * /clients' add form, on react-admin's create controller: the server's field errors show on the
 * name, and a saved client leaves the form empty for the next one.
 */
export function AddClient() {
  const t = useT('clients');
  const notify = useNotify();
  const [form, setForm] = useState(0);
  return (
    <CreateBase
      resource="clients"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('quire.clients.saved', { type: 'success' });
          setForm((n) => n + 1);
        },
        // A name already taken (409) says so after the spec's words.
        onError: (error) => {
          const text = error instanceof HttpError && error.status === 409 ? `${t('saveFailed')} ${serverMessage(error) ?? ''}` : t('saveFailed');
          notify(text, { type: 'error', messageArgs: { _: text } });
        },
      }}
    >
      <AddClientForm key={form} />
    </CreateBase>
  );
}
