import { Box, Chip, TableCell, TableRow } from '@mui/material';
import { InviteButton } from './InviteButton';
import { Title, useGetList, useTranslate } from 'react-admin';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { formatDate } from '../../components/formatDate';
import { ActionsCell, ListTable } from '../../components/ListTable';
import { withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { Invitation } from './types';

/** /invitations: the workspace's pending and expired invitations, newest first; Revoke asks first. */
export default function InvitationList() {
  const t = useT('invitations');
  const translate = useTranslate();
  // The API sorts these by nothing but id: newest first here.
  const { data, isPending, error } = useGetList<Invitation>('invitations', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  const rows = data && [...data].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <InviteButton label={t('newInvitation')} />
      <ListTable<Invitation>
        title={t('title')}
        rows={rows}
        isPending={isPending}
        error={error}
        columns={['email', 'role', 'invitedBy', 'expires', 'status', 'actions'].map((column) => t(column))}
        empty={t('empty')}
        renderRow={(invitation) => (
          <TableRow key={invitation.id}>
            <TableCell>{invitation.email}</TableCell>
            <TableCell>{translate(`quire.workspaces.roles.${invitation.role}`)}</TableCell>
            <TableCell>{invitation.invited_by ?? '-'}</TableCell>
            <TableCell>{formatDate(invitation.expires_at)}</TableCell>
            <TableCell>
              <Chip size="small" label={t(`statuses.${invitation.status}`)} color={invitation.status === 'pending' ? 'info' : 'default'} />
            </TableCell>
            <ActionsCell label={`${t('actions')}: ${invitation.email}`}>
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
            </ActionsCell>
          </TableRow>
        )}
      />
    </Box>
  );
}
