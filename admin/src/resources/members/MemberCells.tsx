import { Button, MenuItem, Select } from '@mui/material';
import { useGetIdentity } from 'react-admin';
import type { Role } from '@quire/shared';
import { QuireIdentity } from '../../authProvider';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { RowActions } from '../../components/ListTable';
import { useRun, withReason } from '../../components/useRun';
import { useT, useQuireTranslate } from '../../components/useT';
import { useWorkspaceSwitch } from '../../layout/workspaces/useWorkspaceSwitch';
import { Member, ROLE_CHOICES } from './types';

/**
 * A member's role: for owners a select that saves at once (PUT /api/members/{id}); the server's
 * refusal (the last owner, say) is told with its reason. A change of one's own role reads the
 * session again, as what one may do has changed.
 */
export function RoleField(props: { member: Member; editable: boolean; self: boolean }) {
  const t = useT('members');
  const translate = useQuireTranslate();
  const roleName = (role: Role) => translate(`quire.workspaces.roles.${role}`);
  const { run, busy } = useRun();
  const { refresh } = useWorkspaceSwitch();
  const { member } = props;
  if (!props.editable) return <>{roleName(member.role)}</>;

  const change = (role: Role) =>
    run(member.id, {
      call: (dataProvider) => dataProvider.update('members', { id: member.id, data: { role }, previousData: member }),
      invalidates: ['members', 'audit'],
      success: t('roleChanged', { name: member.name, role: roleName(role) }),
      failure: withReason(t('roleFailed')),
      onSuccess: () => void (props.self && refresh()),
    });

  return (
    <Select
      size="small"
      value={member.role}
      disabled={busy !== null}
      onChange={(event) => void (event.target.value !== member.role && change(event.target.value as Role))}
      inputProps={{ 'aria-label': t('roleOf', { name: member.name }) }}
      sx={{ minWidth: 130 }}
    >
      {ROLE_CHOICES.map((role) => (
        <MenuItem key={role} value={role}>
          {roleName(role)}
        </MenuItem>
      ))}
    </Select>
  );
}

/** Remove (owners; it asks first), or Leave workspace on one's own row. */
export function MemberActions(props: { member: Member; self: boolean }) {
  const t = useT('members');
  const { identity } = useGetIdentity();
  const workspace = (identity as QuireIdentity | undefined)?.workspace.name ?? '';
  const { run, busy } = useRun();
  const { refresh, switching } = useWorkspaceSwitch();
  const { member } = props;

  const leave = () =>
    run('leave', {
      confirm: t('confirmLeave', { workspace }),
      call: (dataProvider) => dataProvider.delete('members', { id: member.id, previousData: member }),
      success: t('left', { workspace }),
      failure: withReason(t('leaveFailed')),
      // The server moved the session to another of the person's workspaces.
      onSuccess: () => void refresh(),
    });

  return (
    <RowActions label={`${t('actions')}: ${member.name}`}>
      {props.self ? (
        <Button size="small" color="error" variant="outlined" disabled={busy !== null || switching} onClick={leave}>
          {t('leave')}
        </Button>
      ) : (
        <ConfirmDeleteButton
          resource="members"
          record={member}
          label={t('remove')}
          confirmTitle={t('confirmRemoveTitle', { name: member.name })}
          confirmContent={t('confirmRemove')}
          success={t('removed', { name: member.name })}
          failure={withReason(t('removeFailed'))}
          alsoInvalidates={['audit']}
        />
      )}
    </RowActions>
  );
}
