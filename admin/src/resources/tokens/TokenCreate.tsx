import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { maxValue, minValue, NumberInput, required, SelectInput, SimpleForm, TextInput, useGetIdentity, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ROLES, type Role } from '@quire/shared';
import type { QuireIdentity } from '../../authProvider';
import { Create } from '../../components/forms';
import { FormToolbar } from '../../components/FormToolbar';
import { withReason } from '../../components/useRun';
import { useQuireTranslate, useT } from '../../components/useT';
import type { MadeApiToken } from './types';

/** The roles a person may give a token: their own and those below it. */
const rolesUpTo = (role: Role | undefined): Role[] => (role ? ROLES.slice(0, ROLES.indexOf(role) + 1).reverse() : ['viewer']);

/** The token just made, shown this once with a copy button; Done goes back to the list. */
function MadeToken(props: { made: MadeApiToken; onDone: () => void }) {
  const t = useT('tokens');
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.made.token);
      setCopied(true);
    } catch {
      notify(t('copyFailed'), { type: 'warning', messageArgs: { _: t('copyFailed') } });
    }
  };
  return (
    <Dialog open onClose={props.onDone} aria-labelledby="made-token-title" fullWidth maxWidth="sm">
      <DialogTitle id="made-token-title">{t('madeTitle', { name: props.made.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('shownOnce')}
        </Alert>
        <TextField
          label={t('token')}
          value={props.made.token}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'made-token' } }}
          onFocus={(event) => event.target.select()}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('howToUse')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {copied ? t('copied') : t('copy')}
        </Button>
        <Button variant="contained" onClick={props.onDone} autoFocus>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /tokens/new: a name, a role no higher than one's own and an expiry (POST /api/tokens); the token is then shown once. */
export default function TokenCreate() {
  const t = useT('tokens');
  const translate = useQuireTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const role = (identity as QuireIdentity | undefined)?.workspace.role;
  const [made, setMade] = useState<MadeApiToken | null>(null);
  return (
    <Box>
      <Create
        title={t('createTitle')}
        resource="tokens"
        redirect={false}
        transform={(values: { name: string; role: Role; expires_in_days: number }) => ({ ...values, name: values.name.trim() })}
        mutationOptions={{
          onSuccess: (token: MadeApiToken) => setMade(token),
          onError: (error) => notify(withReason(t('createFailed'))(error), { type: 'error', messageArgs: { _: withReason(t('createFailed'))(error) } }),
        }}
        sx={{ maxWidth: 560 }}
      >
        <SimpleForm
          defaultValues={{ name: '', role: 'viewer', expires_in_days: 90 }}
          disableInvalidFormNotification
          toolbar={<FormToolbar label={t('create')} cancelLabel="quire.tokens.cancel" back="/tokens" />}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('help')}
          </Typography>
          <TextInput source="name" label={t('name')} validate={required()} autoFocus inputProps={{ maxLength: 100, autoComplete: 'off' }} />
          <SelectInput
            source="role"
            label={t('role')}
            validate={required()}
            choices={rolesUpTo(role).map((one) => ({ id: one, name: translate(`quire.workspaces.roles.${one}`) }))}
            translateChoice={false}
            helperText={t('roleHelp')}
          />
          <NumberInput
            source="expires_in_days"
            label={t('expiresInDays')}
            validate={[required(), minValue(1), maxValue(365)]}
            min={1}
            max={365}
            step={1}
            helperText={t('expiresHelp')}
          />
        </SimpleForm>
      </Create>
      {made && <MadeToken made={made} onDone={() => navigate('/tokens')} />}
    </Box>
  );
}
