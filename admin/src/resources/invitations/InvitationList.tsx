import { Box, Chip } from '@mui/material';
import { InviteButton } from './InviteButton';
import { DataTable, ListContextProvider, Title, useGetList, useList } from 'react-admin';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { formatDate } from '../../components/formatDate';
import { DataList, RowActions } from '../../components/ListTable';
import { withReason } from '../../components/useRun';
import { useT, useQuireTranslate } from '../../components/useT';
import { Invitation } from './types';

/** /invitations: the workspace's pending and expired invitations, newest first; Revoke asks first. */
export default function InvitationList() {
  const t = useT('invitations');
  const translate = useQuireTranslate();
  // The API sorts these by nothing but id: newest first here.
  const { data, isPending, error } = useGetList<Invitation>('invitations', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  const rows = data && [...data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const list = useList<Invitation>({ data: rows, isPending, error, resource: 'invitations' });

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
            render={(invitation) => (
              <RowActions label={`${t('actions')}: ${invitation.email}`}>
                <ConfirmDeleteButton
                  resource="invitations"
                  record={invitation}
                  label={t('revoke')}
                  confirmTitle={t('confirmRevokeTitle', { email: invitation.email })}
                  confirmContent={t('confirmRevoke')}
                  success={t('revoked')}
                  failure={withReason(t('revokeFailed'))}
                  alsoInvalidates={['audit']}
                />
              </RowActions>
            )}
          />
        </DataList>
      </ListContextProvider>
    </Box>
  );
}
