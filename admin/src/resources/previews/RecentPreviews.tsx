import { Button } from '@mui/material';
import { DataTable, ListBase } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { DataList } from '../../components/ListTable';
import { useT } from '../../components/useT';
import type { Preview } from './api';
import { formatDollarAmount as dollars } from '../../i18n/format';

/** The article's last previews, newest first; Show opens one above. */
export function RecentPreviews({ articleId, onShow }: { articleId: string; onShow: (id: string) => void }) {
  const t = useT('previews');
  return (
    <ListBase<Preview>
      resource="previews"
      filter={{ articleId }}
      perPage={10}
      sort={{ field: 'created_at', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={false}
    >
      <DataList<Preview> title={t('recent')} heading empty={t('recentEmpty')}>
        <DataTable.Col<Preview> label={t('columns.title')} render={(preview) => preview.title} />
        <DataTable.Col<Preview> label={t('columns.models')} render={(preview) => preview.variants.map((v) => v.model_name ?? t('ownModels')).join(' / ')} />
        <DataTable.Col<Preview> label={t('columns.status')} render={(preview) => t(`statusNames.${preview.status}`)} />
        <DataTable.Col<Preview>
          label={t('columns.cost')}
          render={(preview) => (preview.usage.cost_usd === null ? t('costUnknown') : t('cost', { cost: dollars(preview.usage.cost_usd) }))}
        />
        <DataTable.Col<Preview> label={t('columns.created')} render={(preview) => formatDate(preview.created_at)} />
        <DataTable.Col<Preview>
          label={t('columns.actions')}
          render={(preview) => (
            <Button size="small" onClick={() => onShow(preview.id)}>
              {t('show')}
            </Button>
          )}
        />
      </DataList>
    </ListBase>
  );
}
