import { Avatar, Box, Chip, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useGetIdentity } from 'react-admin';
import { usePublicConfig } from '../publicConfig';
import { LanguageSwitch } from './LanguageSwitch';
import { WorkspaceSwitcher } from './workspaces/WorkspaceSwitcher';
import { useQuireTranslate } from '../components/useT';

/** Welcome line with the first word of the operator's name and their avatar. */
function Welcome() {
  const translate = useQuireTranslate();
  const { identity, isPending, error } = useGetIdentity();
  if (isPending) return null;
  if (error || !identity) return <Typography variant="body1">{translate('quire.app.pleaseLogIn')}</Typography>;
  const firstName = String(identity.fullName ?? '')
    .trim()
    .split(/\s+/)[0];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body1">{translate('quire.app.welcome', { name: firstName })}</Typography>
      {identity.avatar && <Avatar src={identity.avatar} alt={String(identity.fullName)} sx={{ width: 32, height: 32 }} />}
    </Box>
  );
}

export function AppBar() {
  const translate = useQuireTranslate();
  const config = usePublicConfig();
  return (
    <RaAppBar userMenu={false} toolbar={<Welcome />}>
      <TitlePortal />
      <WorkspaceSwitcher />
      <LanguageSwitch />
      {config?.demo && <Chip label={translate('quire.app.demo')} color="warning" size="small" sx={{ mr: 2 }} />}
    </RaAppBar>
  );
}
