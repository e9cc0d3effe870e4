import { Box, Chip, Link, Typography } from '@mui/material';
import { DataTable, List } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../i18n/format';
import { DataList } from '../../components/ListTable';
import { useT } from '../../components/useT';
import { ListedEvaluation, STATUS_COLOR } from './types';

/**
 * /evaluations: the workspace's evaluations of every model, newest first, a page at a time: the
 * model, the setups compared, how far it got and its verdict. Each opens /evaluations/{id}.
 */
export default function EvaluationList() {
  const t = useT('evaluations');
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
      <DataList<ListedEvaluation> title={t('listTitle')} empty={t('listEmpty')} rowSx={() => ({ verticalAlign: 'top' })}>
        <DataTable.Col<ListedEvaluation>
          label={t('list_model')}
          render={(evaluation) => (
            <Link component={RouterLink} to={`/evaluations/${evaluation.id}`}>
              {evaluation.model_name}
            </Link>
          )}
        />
        <DataTable.Col<ListedEvaluation>
          label={t('list_variants')}
          render={(evaluation) => (
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
          )}
        />
        <DataTable.Col<ListedEvaluation>
          label={t('list_status')}
          render={(evaluation) => <Chip size="small" label={t(`statusNames.${evaluation.status}`)} color={STATUS_COLOR[evaluation.status]} />}
        />
        <DataTable.Col<ListedEvaluation> label={t('list_verdict')} render={(evaluation) => evaluation.verdict.text} cellSx={() => ({ maxWidth: 420 })} />
        <DataTable.Col<ListedEvaluation>
          label={t('list_date')}
          render={(evaluation) => formatDate(evaluation.created_at)}
          cellSx={() => ({ whiteSpace: 'nowrap' })}
        />
      </DataList>
    </List>
  );
}
