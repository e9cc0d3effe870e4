import { Box, Chip, Link, TableCell, TableRow, Typography } from '@mui/material';
import { List } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../components/formatDate';
import { ListContextTable } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { Evaluation, STATUS_COLOR } from './types';

/**
 * /evaluations: the workspace's evaluations of every model, newest first, a page at a time: the
 * model, the setups compared, how far it got and its verdict. Each opens /evaluations/{id}.
 */
export default function EvaluationList() {
  const t = useT('evaluations');
  const columns = ['model', 'variants', 'status', 'verdict', 'date'].map((column) => t(`list_${column}`));
  return (
    <List
      resource="evaluations"
      title={t('listTitle')}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={false}
      storeKey={false}
    >
      <ListContextTable<Evaluation>
        title={t('listTitle')}
        columns={columns}
        empty={t('listEmpty')}
        renderRow={(evaluation) => (
          <TableRow key={evaluation.id} sx={{ verticalAlign: 'top' }}>
            <TableCell>
              <Link component={RouterLink} to={`/evaluations/${evaluation.id}`}>
                {evaluation.model_name}
              </Link>
            </TableCell>
            <TableCell>
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {evaluation.variants.map((variant) => (
                  <Typography key={variant.label} component="li" variant="body2">
                    {/* The model is named where it is not the one whose examples are evaluated. */}
                    {t(variant.model === evaluation.modelId ? 'list_variant' : 'list_variantOn', {
                      label: variant.label,
                      model: variant.model_name,
                      smart_count: variant.examples_count,
                    })}
                  </Typography>
                ))}
              </Box>
            </TableCell>
            <TableCell>
              <Chip size="small" label={evaluation.status} color={STATUS_COLOR[evaluation.status]} />
            </TableCell>
            <TableCell sx={{ maxWidth: 420 }}>{evaluation.verdict.text}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(evaluation.created_at)}</TableCell>
          </TableRow>
        )}
      />
    </List>
  );
}
