import { Alert, Box, Card, CardContent, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
} from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { EVALUATION_LIMITS, EXAMPLES_COUNT } from '@quire/shared';
import { FormToolbar } from '../../components/FormToolbar';
import { QuietSelectInput } from '../../components/QuietSelectInput';
import { inProviderOrder } from '../../components/modelGroups';
import { Create } from '../../components/forms';
import { serverMessage } from '../../components/useRun';
import { ModelOption } from '../../components/useLookups';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import { formatCount, formatDate, formatUsd } from '../../i18n/format';
import { EvaluationInput, ListedEvaluation } from './types';

const ALL = { perPage: 1000, sort: { field: 'name', order: 'ASC' as const } };
const { holdout: HOLDOUT, variants: VARIANTS, label: LABEL } = EVALUATION_LIMITS;
/** The estimate waits for typing to pause. */
const ESTIMATE_DELAY_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the form asks would send and cost, asked of the server as the operator types (nothing is stored). */
function Estimate(props: { modelId: string }) {
  const t = useT('evaluations');
  const dataProvider = useDataProvider<QuireDataProvider>();
  const holdout = useWatch({ name: 'holdout' }) as number | null;
  const variants = useWatch({ name: 'variants' }) as EvaluationInput['variants'] | undefined;
  const body = useDebounced(JSON.stringify({ modelId: props.modelId, holdout, variants }), ESTIMATE_DELAY_MS);
  const complete = !!holdout && (variants ?? []).length >= VARIANTS.min && (variants ?? []).every((v) => v?.label && v.model && v.examples_count !== null);
  const estimate = useQuery({
    queryKey: ['evaluations', 'estimate', body],
    queryFn: () => dataProvider.estimateEvaluation(JSON.parse(body)),
    enabled: complete,
    retry: false,
  });
  return (
    <Box role="region" aria-label={t('estimateTitle')} sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2">{t('estimateTitle')}</Typography>
      {!complete ? (
        <Typography variant="body2" color="text.secondary">
          {t('estimateIncomplete')}
        </Typography>
      ) : estimate.isPending ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('estimating')}
        </Typography>
      ) : estimate.error ? (
        <Alert severity="warning">{serverMessage(estimate.error) ?? t('estimateFailed')}</Alert>
      ) : (
        <Typography variant="body2" role="status">
          {t('estimate', {
            items: estimate.data.items,
            requests: estimate.data.requests,
            embeddings: estimate.data.embedding_requests,
            cost: formatUsd(estimate.data.cost_usd, t('priceUnknown')),
          })}
          {estimate.data.variants.map((v) => (
            <Box component="span" key={v.label} display="block" color="text.secondary">
              {t('estimateVariant', {
                label: v.label,
                model: v.openai_model,
                prompt: formatCount(v.prompt_tokens),
                completion: formatCount(v.completion_tokens),
                cost: formatUsd(v.cost_usd, t('priceUnknown')),
              })}
            </Box>
          ))}
        </Typography>
      )}
    </Box>
  );
}

/** The model's earlier evaluations, newest first, each a link to its page. */
function Earlier(props: { modelId: string }) {
  const t = useT('evaluations');
  const { data, isPending } = useGetList<ListedEvaluation>('evaluations', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { modelId: props.modelId },
  });
  if (isPending) return null;
  return (
    <Card sx={{ mt: 2, maxWidth: 800 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('earlier')}
        </Typography>
        {!data?.length ? (
          <Typography variant="body2">{t('noEarlier')}</Typography>
        ) : (
          <List dense>
            {data.map((evaluation) => (
              <ListItem key={evaluation.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/evaluations/${evaluation.id}`}>
                      {t('earlierItem', { date: formatDate(evaluation.created_at), variants: evaluation.variants.map((v) => v.label).join(' · ') })}
                    </Link>
                  }
                  secondary={evaluation.verdict.text}
                />
                <Chip size="small" label={t(`statusNames.${evaluation.status}`)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /evaluations/new?model={id}: which setups to compare on the model's examples, what it would
 * cost, and the model's earlier evaluations. Saved, it opens the evaluation's page.
 */
export default function EvaluationCreate() {
  const t = useT('evaluations');
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const modelId = params.get('model') ?? '';
  const { data: model, error } = useGetOne<ModelOption>('models', { id: modelId }, { enabled: !!modelId });
  if (!modelId || error) return <Alert severity="error">{t('noModel')}</Alert>;
  if (!model) return <Typography role="status">{t('loading')}</Typography>;
  // Ten held out, leaving the guided setup its examples when the set is small.
  const holdout = Math.max(HOLDOUT.min, Math.min(10, model.example_count - EXAMPLES_COUNT.default));
  const defaults = {
    holdout,
    variants: [
      { label: t('defaultPlain'), model: model.id, examples_count: 0 },
      { label: t('defaultGuided'), model: model.id, examples_count: EXAMPLES_COUNT.default },
    ],
  };
  return (
    <Box sx={{ p: 2 }}>
      <Create
        resource="evaluations"
        title={t('createTitle', { name: model.name })}
        transform={(values: Omit<EvaluationInput, 'modelId'>) => ({ ...values, modelId })}
        mutationOptions={{
          onSuccess: (created: { id: string }) => {
            notify(t('started'), { type: 'success' });
            navigate(`/evaluations/${created.id}`);
          },
        }}
        sx={{ maxWidth: 800 }}
      >
        <SimpleForm defaultValues={defaults} toolbar={<FormToolbar label={t('start')} cancelLabel="quire.evaluations.cancel" back="/models" />}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('intro', { name: model.name, smart_count: model.example_count })}
          </Typography>
          <NumberInput
            source="holdout"
            label={t('holdout')}
            helperText={t('holdoutHelp')}
            validate={[required(), minValue(HOLDOUT.min), maxValue(HOLDOUT.max)]}
            min={HOLDOUT.min}
            max={HOLDOUT.max}
            step={1}
          />
          <ArrayInput source="variants" label={t('variants')} helperText={t('variantsHelp')}>
            <SimpleFormIterator inline disableReordering disableClear getItemLabel={(index) => t('variantN', { n: index + 1 })}>
              <TextInput source="label" label={t('label')} validate={required()} inputProps={{ maxLength: LABEL }} helperText={false} />
              <ReferenceInput source="model" reference="models" {...ALL}>
                <QuietSelectInput
                  arrange={(choices) => inProviderOrder(choices as ModelOption[])}
                  optionText={(m: ModelOption) => (m.connection_id ? `${m.name} (${m.vendor})` : m.name)}
                  label={t('model')}
                  validate={required()}
                  helperText={false}
                />
              </ReferenceInput>
              <NumberInput
                source="examples_count"
                label={t('examplesCount')}
                validate={[required(), minValue(EXAMPLES_COUNT.min), maxValue(EXAMPLES_COUNT.max)]}
                min={EXAMPLES_COUNT.min}
                max={EXAMPLES_COUNT.max}
                step={1}
                helperText={false}
              />
            </SimpleFormIterator>
          </ArrayInput>
          <VariantCountNote />
          <Estimate modelId={modelId} />
        </SimpleForm>
      </Create>
      <Earlier modelId={modelId} />
    </Box>
  );
}

/** 2 to 4 variants: said beside the list when it holds too few or too many. */
function VariantCountNote() {
  const t = useT('evaluations');
  const variants = (useWatch({ name: 'variants' }) as unknown[] | undefined) ?? [];
  if (variants.length >= VARIANTS.min && variants.length <= VARIANTS.max) return null;
  return (
    <Stack sx={{ mb: 2 }}>
      <Alert severity="warning">{t('variantCount', { min: VARIANTS.min, max: VARIANTS.max })}</Alert>
    </Stack>
  );
}
