import { Box, Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, ListContextProvider, Title, useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import { RevokeActions } from '../../components/RevokeActions';
import { formatDate } from '../../i18n/format';
import { DataList, useNewestFirst } from '../../components/ListTable';
import { useQuireTranslate, useT } from '../../components/useT';
import type { QuireIdentity } from '../../authProvider';
import type { ApiToken } from './types';

/** /tokens: the person's API tokens in this workspace (an owner's list: every member's), newest first; Revoke asks first. */
export default function TokenList() {
  const t = useT('tokens');
  const translate = useQuireTranslate();
  const { identity } = useGetIdentity();
  const owner = (identity as QuireIdentity | undefined)?.workspace.role === 'owner';
  const list = useNewestFirst<ApiToken>('tokens');
  return (
    <Box sx={{ p: 2, maxWidth: 1200 }}>
      <Title title={t('title')} />
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 760 }}>
        {t('explain')}
      </Typography>
      <Button component={Link} to="/tokens/new" variant="contained" startIcon={<AddIcon />} sx={{ mb: 2 }}>
        {t('newToken')}
      </Button>
      <ListContextProvider value={list}>
        <DataList<ApiToken> title={t('title')} empty={t('empty')}>
          <DataTable.Col<ApiToken> label={t('name')} render={(token) => token.name} />
          {owner && <DataTable.Col<ApiToken> label={t('person')} render={(token) => token.user_name} />}
          <DataTable.Col<ApiToken> label={t('role')} render={(token) => translate(`quire.workspaces.roles.${token.role}`)} />
          <DataTable.Col<ApiToken> label={t('token')} render={(token) => <code>{`${token.prefix}…`}</code>} />
          <DataTable.Col<ApiToken> label={t('created')} render={(token) => formatDate(token.created_at)} />
          <DataTable.Col<ApiToken> label={t('lastUsed')} render={(token) => (token.last_used_at ? formatDate(token.last_used_at) : t('never'))} />
          <DataTable.Col<ApiToken>
            label={t('expires')}
            render={(token) => (token.expired ? <Chip size="small" label={t('expired')} /> : formatDate(token.expires_at))}
          />
          <DataTable.Col<ApiToken> label={t('actions')} render={(token) => <RevokeActions screen="tokens" record={token} name={token.name} />} />
        </DataList>
      </ListContextProvider>
    </Box>
  );
}
