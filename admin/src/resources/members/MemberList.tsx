import { InviteButton } from '../invitations/InviteButton';
import { Box } from '@mui/material';
import { DataTable, ListContextProvider, Title, useGetIdentity, useGetList, useList } from 'react-admin';
import { QuireIdentity } from '../../authProvider';
import { useCanWrite } from '../../components/CanWrite';
import { formatDate } from '../../i18n/format';
import { DataList } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { MemberActions, RoleField } from './MemberCells';
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
  const list = useList<Member>({ data: rows, isPending, error, resource: 'members' });

  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <InviteButton label={t('invite')} />
      <ListContextProvider value={list}>
        <DataList<Member> title={t('title')} empty={t('empty')}>
          <DataTable.Col<Member> label={t('name')} render={(member) => (isMe(member) ? t('you', { name: member.name }) : member.name)} />
          <DataTable.Col<Member> label={t('email')} render={(member) => member.email} />
          <DataTable.Col<Member> label={t('role')} render={(member) => <RoleField member={member} editable={canManage} self={isMe(member)} />} />
          <DataTable.Col<Member> label={t('joined')} render={(member) => formatDate(member.joined_at)} />
          <DataTable.Col<Member> label={t('actions')} render={(member) => <MemberActions member={member} self={isMe(member)} />} />
        </DataList>
      </ListContextProvider>
    </Box>
  );
}
