import { Box, Chip, TableCell, TableRow } from '@mui/material';
import { InviteButton } from './InviteButton';
import { DeleteButton, Title, useGetList, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../components/formatDate';
import { ActionsCell, ListTable } from '../../components/ListTable';
import { withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { Invitation } from './types';

/** /invitations: the workspace's pending and expired invitations, newest first; Revoke asks first. */
export default function InvitationList() {
  const t = useT('invitations');
  const translate = useTranslate();
  const notify = useNotify();
  const tell = (type: 'success' | 'error', text: string) => notify(text, { type, messageArgs: { _: text } });
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
              <DeleteButton
                record={invitation}
                resource="invitations"
                label={t('revoke')}
                mutationMode="pessimistic"
                redirect={false}
                confirmTitle={t('confirmRevokeTitle', { email: invitation.email })}
                confirmContent={t('confirmRevoke')}
                mutationOptions={{
                  onSuccess: () => tell('success', t('revoked')),
                  onError: (error) => tell('error', withReason(t('revokeFailed'))(error)),
                }}
              />
            </ActionsCell>
          </TableRow>
        )}
      />
    </Box>
  );
}
