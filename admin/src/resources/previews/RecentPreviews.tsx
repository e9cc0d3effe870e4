import { Button, TableCell, TableRow } from '@mui/material';
import { useGetList } from 'react-admin';
import { formatDate } from '../../components/formatDate';
import { ListTable } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { Preview } from '../../dataProvider';
import { dollars } from './format';

/** The article's last previews, newest first; Show opens one above. */
export function RecentPreviews({ articleId, onShow }: { articleId: string; onShow: (id: string) => void }) {
  const t = useT('previews');
  const { data, isPending, error } = useGetList<Preview>('previews', {
    filter: { articleId },
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const columns = ['title', 'models', 'status', 'cost', 'created', 'actions'].map((c) => t(`columns.${c}`));
  return (
    <ListTable
      title={t('recent')}
      heading
      columns={columns}
      rows={data}
      isPending={isPending}
      error={error}
      empty={t('recentEmpty')}
      renderRow={(preview) => (
        <TableRow key={preview.id}>
          <TableCell>{preview.title}</TableCell>
          <TableCell>{preview.variants.map((v) => v.model_name ?? t('ownModels')).join(' / ')}</TableCell>
          <TableCell>{t(`statusNames.${preview.status}`)}</TableCell>
          <TableCell>{preview.usage.cost_usd === null ? t('costUnknown') : t('cost', { cost: dollars(preview.usage.cost_usd) })}</TableCell>
          <TableCell>{formatDate(preview.created_at)}</TableCell>
          <TableCell>
            <Button size="small" onClick={() => onShow(preview.id)}>
              {t('show')}
            </Button>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
