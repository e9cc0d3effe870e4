import { Box, Typography } from '@mui/material';
import { DataTable, List, SelectInput, useGetList } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { DataList } from '../../components/ListTable';
import { useT, useQuireTranslate } from '../../components/useT';
import { AUDITED_RESOURCES, AuditEntry, isEmpty, shortValue } from './types';

/** Each changed field on a line of its own: `field: before → after`. */
function Changes(props: { entry: AuditEntry }) {
  const t = useT('audit');
  // An empty value becoming another empty one ('' for null, say) is no change to show.
  const fields = Object.entries(props.entry.changes ?? {}).filter(([, change]) => !(isEmpty(change.before) && isEmpty(change.after)));
  if (fields.length === 0) return <>{t('none')}</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {fields.map(([field, change]) => {
        const line = t('change', { field, before: shortValue(change.before, t('nothing')), after: shortValue(change.after, t('nothing')) });
        return (
          <Typography key={field} component="li" variant="body2" title={line} sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        );
      })}
    </Box>
  );
}

/**
 * /audit: the workspace's audit log, newest first, a page at a time, filtered by person (its
 * members) and by resource; the filters are kept in the address, so a filtered view can be shared.
 */
export default function AuditList() {
  const t = useT('audit');
  const translate = useQuireTranslate();
  // The members to filter by, by name (the API sorts them by nothing but id).
  const { data: members = [] } = useGetList<{ id: string; name: string }>('members', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const people = [...members].sort((a, b) => a.name.localeCompare(b.name)).map((member) => ({ id: member.id, name: member.name }));
  const filters = [
    <SelectInput
      key="user_id"
      source="user_id"
      label={t('person')}
      choices={people}
      translateChoice={false}
      emptyText={t('anyone')}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
    <SelectInput
      key="resource"
      source="resource"
      label={t('resource')}
      choices={AUDITED_RESOURCES.map((resource) => ({ id: resource, name: resource }))}
      translateChoice={false}
      emptyText={t('anything')}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
  ];
  return (
    <List
      resource="audit"
      title={t('title')}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      filters={filters}
      actions={false}
      empty={false}
      storeKey={false}
    >
      <DataList<AuditEntry> title={t('title')} empty={t('empty')} rowSx={() => ({ verticalAlign: 'top' })}>
        <DataTable.Col<AuditEntry> label={t('when')} render={(entry) => formatDate(entry.at)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
        <DataTable.Col<AuditEntry> label={t('who')} render={(entry) => entry.user_name} />
        <DataTable.Col<AuditEntry> label={t('role')} render={(entry) => translate(`quire.workspaces.roles.${entry.role}`, { _: entry.role })} />
        <DataTable.Col<AuditEntry> label={t('action')} render={(entry) => entry.action} />
        <DataTable.Col<AuditEntry> label={t('resource')} render={(entry) => entry.resource} />
        <DataTable.Col<AuditEntry>
          label={t('record')}
          render={(entry) => <span title={entry.record_id ?? undefined}>{entry.record_id ? shortValue(entry.record_id, t('none'), 12) : t('none')}</span>}
          cellSx={() => ({ fontFamily: 'monospace', fontSize: '0.8rem' })}
        />
        <DataTable.Col<AuditEntry> label={t('changes')} render={(entry) => <Changes entry={entry} />} cellSx={() => ({ maxWidth: 480 })} />
      </DataList>
    </List>
  );
}
