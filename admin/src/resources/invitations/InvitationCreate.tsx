import { Typography } from '@mui/material';
import { email, required, SelectInput, SimpleForm, TextInput, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Create } from '../../components/forms';
import { FormToolbar } from '../../components/FormToolbar';
import { withReason } from '../../components/useRun';
import { useT, useQuireTranslate } from '../../components/useT';
import { ROLE_CHOICES } from '../members/types';

/** /invitations/new: an email and a role (POST /api/invitations); back to /invitations when made. */
export default function InvitationCreate() {
  const t = useT('invitations');
  const translate = useQuireTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const tell = (type: 'success' | 'error', text: string) => notify(text, { type, messageArgs: { _: text } });
  return (
    <Create
      title={t('createTitle')}
      transform={(values: { email: string; role: string }) => ({ email: values.email.trim(), role: values.role })}
      mutationOptions={{
        onSuccess: (invitation: { email: string }) => {
          tell('success', t('created', { email: invitation.email }));
          navigate('/invitations');
        },
        // Already a member or invited (409), or not on the sign-in allow-list: the server says which.
        onError: (error) => tell('error', withReason(t('createFailed'))(error)),
      }}
      sx={{ maxWidth: 560 }}
    >
      <SimpleForm
        defaultValues={{ email: '', role: 'editor' }}
        disableInvalidFormNotification
        toolbar={<FormToolbar label={t('invite')} cancelLabel="quire.invitations.cancel" back="/invitations" />}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('help')}
        </Typography>
        <TextInput
          source="email"
          label={t('email')}
          type="email"
          validate={[required(), email()]}
          autoFocus
          inputProps={{ maxLength: 320, autoComplete: 'off' }}
        />
        <SelectInput
          source="role"
          label={t('role')}
          validate={required()}
          choices={ROLE_CHOICES.map((role) => ({ id: role, name: translate(`quire.workspaces.roles.${role}`) }))}
          translateChoice={false}
        />
      </SimpleForm>
    </Create>
  );
}
