import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, Title, useGetList } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import { formatCount, formatDate } from '../../i18n/format';
import { useBanner } from '../../components/useBanner';
import { deleting, useRun, withReason } from '../../components/useRun';
import { FineTuneDialog } from './FineTuneDialog';
import { ModelCells } from './ModelCells';
import { ReplaceModelDialog } from './ReplaceModelDialog';
import { DataList, RowActions, WholeList } from '../../components/ListTable';
import { Eligibility, FineTuneJob, Model, TrainingJob } from './types';
import { OpenJobs, useFollowing } from './useFollowing';
import { useT, useQuireTranslate } from '../../components/useT';

/** OpenAI's pausing and paused are shown as such: a paused job waits at OpenAI, neither queued nor running. */
const JOB_STATUS_COLOR: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  completed: 'success',
  failed: 'error',
  pausing: 'warning',
  paused: 'warning',
};

/** A button that is enabled only when the server's rules allow it, saying why not on hover. */
function RuleButton(props: { rule: Eligibility; label: string; color?: 'error'; onClick: () => void; disabled?: boolean }) {
  const button = (
    <Button size="small" variant="outlined" color={props.color} disabled={!props.rule.allowed || props.disabled} onClick={props.onClick}>
      {props.label}
    </Button>
  );
  return props.rule.allowed ? (
    button
  ) : (
    <Tooltip title={props.rule.reason ?? ''}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * Manage Models: the models, their fine-tune jobs and the training-data collection jobs. Each
 * action is offered to whom may take it: a viewer reads the tables and downloads examples.
 */
export default function ModelsPage() {
  const translate = useQuireTranslate();
  const t = useT('models');
  const can = {
    models: useCanWrite('models'),
    fineTune: useCanWrite('fine-tune-jobs'),
    evaluate: useCanWrite('evaluations'),
    collect: useCanWrite('training'),
  };
  const navigate = useNavigate();
  const { banner, show } = useBanner();
  const { queryOptions, report } = useFollowing();
  const [fineTuning, setFineTuning] = useState<Model | null>(null);
  // `?replace=<id>` (Home's banner links here) opens the Replace dialog of that model.
  const [params, setParams] = useSearchParams();
  const { data: models = [] } = useGetList<Model>('models', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'date_created', order: 'DESC' } });
  const replacing = (can.models && models.find((m) => m.id === params.get('replace'))) || null;
  const closeReplace = () => setParams((p) => (p.delete('replace'), p), { replace: true });
  const { run, busy } = useRun(show);

  // Spec §8's words first, then the server's reason (OpenAI refusing the delete, say).
  const remove = (model: Model) =>
    run(model.id, {
      ...deleting('models', model),
      // Its fine-tune jobs go with it.
      invalidates: ['models', 'fine-tune-jobs', 'training-jobs'],
      confirm: [t('confirmDelete'), t('confirmDeleteAgain')],
      failure: withReason(t('deleteFailed')),
    });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('title')} />
      {can.models && (
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
          <Button component={Link} to="/models/new" variant="contained">
            {translate('quire.menu.createModels')}
          </Button>
        </Stack>
      )}
      {banner}
      <WholeList resource="models" sort={{ field: 'date_created', order: 'DESC' }} queryOptions={queryOptions('models')}>
        <DataList<Model> heading title={t('modelsHeading')} empty={t('noModels')}>
          <DataTable.Col<Model> label={t('name')} render={(model) => model.name} />
          <DataTable.Col<Model> label={t('baseModel')} render={(model) => <ModelCells.BaseModel model={model} />} />
          <DataTable.Col<Model> label={t('outputModel')} render={(model) => model.output_model ?? t('none')} />
          <DataTable.Col<Model> label={t('exampleCount')} render={(model) => model.example_count} />
          <DataTable.Col<Model> label={t('dateCreated')} render={(model) => formatDate(model.date_created)} />
          <DataTable.Col<Model> label={t('fineTuneDate')} render={(model) => formatDate(model.date_tuned)} />
          <DataTable.Col<Model>
            label={t('actions')}
            render={(model) => (
              <RowActions label={`${t('actions')}: ${model.name}`}>
                {can.fineTune && <RuleButton rule={model.actions.fineTune} label={t('fineTune')} onClick={() => setFineTuning(model)} />}
                {can.models && (
                  <>
                    <RuleButton rule={model.actions.delete} label={t('delete')} color="error" disabled={busy === model.id} onClick={() => remove(model)} />
                    <Button size="small" variant="outlined" onClick={() => setParams({ replace: model.id })}>
                      {t('replace')}
                    </Button>
                  </>
                )}
                <ModelCells.Examples model={model} />
                {can.evaluate && <ModelCells.Evaluate model={model} />}
              </RowActions>
            )}
          />
        </DataList>
      </WholeList>
      <WholeList resource="fine-tune-jobs" sort={{ field: 'created_at', order: 'DESC' }} queryOptions={queryOptions('fine-tune jobs')}>
        <OpenJobs report={report} />
        <DataList<FineTuneJob>
          heading
          title={t('jobsHeading')}
          // Every model's evaluations, beside the other way of telling whether a model writes better.
          actions={
            <Button component={Link} to="/evaluations" size="small" variant="outlined">
              {t('allEvaluations')}
            </Button>
          }
          empty={t('noJobs')}
        >
          <DataTable.Col<FineTuneJob> label={t('name')} render={(job) => job.name} />
          <DataTable.Col<FineTuneJob>
            label={t('status')}
            render={(job) => (
              <>
                <Chip size="small" label={job.status} color={JOB_STATUS_COLOR[job.status] ?? 'default'} />
                {job.message && (
                  <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5, maxWidth: 360 }}>
                    {job.message}
                  </Typography>
                )}
              </>
            )}
          />
          <DataTable.Col<FineTuneJob> label={t('outputModel')} render={(job) => job.output_model ?? t('none')} />
          <DataTable.Col<FineTuneJob>
            label={t('tokensTrained')}
            render={(job) => (job.trained_tokens == null ? undefined : formatCount(job.trained_tokens)) ?? t('none')}
          />
          <DataTable.Col<FineTuneJob> label={t('dateTuned')} render={(job) => formatDate(job.date_tuned)} />
        </DataList>
      </WholeList>
      <WholeList resource="training-jobs" sort={{ field: 'timestamp', order: 'DESC' }} queryOptions={queryOptions('training jobs')}>
        <OpenJobs report={report} />
        <DataList<TrainingJob>
          heading
          title={t('trainingHeading')}
          actions={
            can.collect && (
              <Button component={Link} to="/training/submit" size="small" variant="outlined">
                {translate('quire.training.submitTitle')}
              </Button>
            )
          }
          empty={t('noTrainingJobs')}
        >
          <DataTable.Col<TrainingJob> label={t('status')} render={(job) => job.status} />
          <DataTable.Col<TrainingJob> label={t('url')} render={(job) => <Box sx={{ wordBreak: 'break-all' }}>{job.url}</Box>} />
          <DataTable.Col<TrainingJob> label={t('timestamp')} render={(job) => formatDate(job.timestamp)} />
          <DataTable.Col<TrainingJob>
            label={t('message')}
            render={(job) =>
              job.status === 'completed' ? (
                <Button size="small" onClick={() => navigate(`/training/view/${job.id}`)}>
                  {t('viewDataCollection')}
                </Button>
              ) : (
                (job.message ?? t('none'))
              )
            }
          />
        </DataList>
      </WholeList>
      <ReplaceModelDialog
        model={replacing}
        models={models}
        onClose={closeReplace}
        onReplaced={(text) => {
          closeReplace();
          show('success', text);
        }}
      />
      <FineTuneDialog
        model={fineTuning}
        onClose={() => setFineTuning(null)}
        onStarted={() => {
          // The start made the models and fine-tune jobs stale (useRun's `invalidates`): they reload.
          setFineTuning(null);
          show('success', t('fineTuneStarted'));
        }}
      />
    </Box>
  );
}
