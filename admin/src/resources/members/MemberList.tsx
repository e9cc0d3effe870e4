import { InviteButton } from '../invitations/InviteButton';
import { Box, TableCell, TableRow } from '@mui/material';
import { Title, useGetIdentity, useGetList } from 'react-admin';
import { QuireIdentity } from '../../authProvider';
import { useCanWrite } from '../../components/CanWrite';
import { formatDate } from '../../components/formatDate';
import { ListTable } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { MemberActions, RoleCell } from './MemberCells';
import { Member } from './types';

/**
 * /members: the current workspace's people with their role and the day they joined. Owners change
 * a role in place and remove a member; each person may leave (their own row).
 */
export default function MemberList() {
  const t = useT('members');
  const { identity } = useGetIdentity();
  const me = identity as QuireIdentity | undefined;
  const canManage = useCanWrite('members');
  const isMe = (member: Member) => !!me && member.email.toLowerCase() === me.email.toLowerCase();
  // The API sorts members by nothing but id: by name here.
  const { data, isPending, error } = useGetList<Member>('members', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  const rows = data && [...data].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <InviteButton label={t('invite')} />
      <ListTable<Member>
        title={t('title')}
        rows={rows}
        isPending={isPending}
        error={error}
        columns={['name', 'email', 'role', 'joined', 'actions'].map((column) => t(column))}
        empty={t('empty')}
        renderRow={(member) => (
          <TableRow key={member.id}>
            <TableCell>{isMe(member) ? t('you', { name: member.name }) : member.name}</TableCell>
            <TableCell>{member.email}</TableCell>
            <RoleCell member={member} editable={canManage} self={isMe(member)} />
            <TableCell>{formatDate(member.joined_at)}</TableCell>
            <MemberActions member={member} self={isMe(member)} />
          </TableRow>
        )}
      />
    </Box>
  );
}
