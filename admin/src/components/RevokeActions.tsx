import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { RowActions } from './ListTable';
import { withReason } from './useRun';
import { useT } from './useT';

/** The screens whose rows are revoked (an invitation, an API token): each names its words alike. */
type RevokingScreen = 'invitations' | 'tokens';

/**
 * A row's Revoke, in a group named after the row: it asks first (its title naming the row), deletes
 * once, and the audit log is read again after. `name` is what the row is called (an email, a name).
 */
export function RevokeActions(props: { screen: RevokingScreen; record: { id: string }; name: string }) {
  const t = useT(props.screen);
  return (
    <RowActions label={`${t('actions')}: ${props.name}`}>
      <ConfirmDeleteButton
        resource={props.screen}
        record={props.record}
        label={t('revoke')}
        confirmTitle={t('confirmRevokeTitle', { email: props.name, name: props.name })}
        confirmContent={t('confirmRevoke')}
        success={t('revoked')}
        failure={withReason(t('revokeFailed'))}
        alsoInvalidates={['audit']}
      />
    </RowActions>
  );
}
