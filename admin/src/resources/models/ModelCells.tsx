import { Button, Tooltip, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { QuireDataProvider } from '../../dataProvider';
import { Link } from 'react-router-dom';
import { EVALUATION_LIMITS } from '@quire/shared';
import { Model } from './types';

/** The base model, and beside it the day OpenAI stops the model (or that it has). */
function BaseModel(props: { model: Model }) {
  const translate = useTranslate();
  const { model } = props;
  return (
    <>
      {model.base_model}
      {model.connection_id && (
        <Typography variant="caption" display="block" color={model.unavailable_reason ? 'error' : 'text.secondary'} sx={{ maxWidth: 280 }}>
          {model.unavailable_reason ?? `${model.connection_name} (${model.vendor})`}
        </Typography>
      )}
      {(model.shutdown_date || model.shut_down) && (
        <Typography variant="caption" display="block" color={model.shut_down ? 'error' : 'warning.main'} sx={{ whiteSpace: 'nowrap' }}>
          {model.shut_down ? translate('quire.models.stopped') : translate('quire.models.stopsShort', { date: model.shutdown_date })}
        </Typography>
      )}
    </>
  );
}

/** Downloads the model's examples as OpenAI's fine-tuning JSONL (the browser follows the data provider's address). */
function Examples(props: { model: Model }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const download = async () => window.location.assign(await dataProvider.modelExamplesUrl(props.model.id));
  return (
    <Tooltip title={translate('quire.models.examplesHint')}>
      <span>
        <Button size="small" variant="outlined" disabled={props.model.example_count === 0} onClick={() => void download()}>
          {translate('quire.models.examples')}
        </Button>
      </span>
    </Tooltip>
  );
}

/** Opens the evaluation of the model's examples; it needs two examples to hold out. */
function Evaluate(props: { model: Model }) {
  const translate = useTranslate();
  const enough = props.model.example_count >= EVALUATION_LIMITS.holdout.min;
  return (
    <Tooltip title={translate(enough ? 'quire.models.evaluateHint' : 'quire.models.evaluateNeeds', { min: EVALUATION_LIMITS.holdout.min })}>
      <span>
        <Button size="small" variant="outlined" component={Link} to={`/evaluations/new?model=${props.model.id}`} disabled={!enough}>
          {translate('quire.models.evaluate')}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The Models table's cells and helpers beyond spec §2's plain columns: the day OpenAI stops a model, and its examples' evaluation. */
export const ModelCells = { BaseModel, Examples, Evaluate };
