import { Box, Chip } from '@mui/material';
import { InviteButton } from './InviteButton';
import { DataTable, ListContextProvider, Title } from 'react-admin';
import { RevokeActions } from '../../components/RevokeActions';
import { formatDate } from '../../i18n/format';
import { DataList, useNewestFirst } from '../../components/ListTable';
import { useT, useQuireTranslate } from '../../components/useT';
import { Invitation } from './types';

/** /invitations: the workspace's pending and expired invitations, newest first; Revoke asks first. */
export default function InvitationList() {
  const t = useT('invitations');
  const translate = useQuireTranslate();
  const list = useNewestFirst<Invitation>('invitations');

  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <InviteButton label={t('newInvitation')} />
      <ListContextProvider value={list}>
        <DataList<Invitation> title={t('title')} empty={t('empty')}>
          <DataTable.Col<Invitation> label={t('email')} render={(invitation) => invitation.email} />
          <DataTable.Col<Invitation> label={t('role')} render={(invitation) => translate(`quire.workspaces.roles.${invitation.role}`)} />
          <DataTable.Col<Invitation> label={t('invitedBy')} render={(invitation) => invitation.invited_by ?? '-'} />
          <DataTable.Col<Invitation> label={t('expires')} render={(invitation) => formatDate(invitation.expires_at)} />
          <DataTable.Col<Invitation>
            label={t('status')}
            render={(invitation) => (
              <Chip size="small" label={t(`statuses.${invitation.status}`)} color={invitation.status === 'pending' ? 'info' : 'default'} />
            )}
          />
          <DataTable.Col<Invitation>
            label={t('actions')}
            render={(invitation) => <RevokeActions screen="invitations" record={invitation} name={invitation.email} />}
          />
        </DataList>
      </ListContextProvider>
    </Box>
  );
}
