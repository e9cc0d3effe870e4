import { Button, TableCell, Tooltip, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { QuireDataProvider } from '../../dataProvider';
import { Model } from './types';

/** The base model, and beside it the day OpenAI stops the model (or that it has). */
function BaseModel(props: { model: Model }) {
  const translate = useTranslate();
  const { model } = props;
  return (
    <TableCell>
      {model.base_model}
      {(model.shutdown_date || model.shut_down) && (
        <Typography variant="caption" display="block" color={model.shut_down ? 'error' : 'warning.main'} sx={{ whiteSpace: 'nowrap' }}>
          {model.shut_down ? translate('quire.models.stopped') : translate('quire.models.stopsShort', { date: model.shutdown_date })}
        </Typography>
      )}
    </TableCell>
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

/** The Models table's cells and helpers beyond spec §2's plain columns (issue 24). */
export const ModelCells = { BaseModel, Examples };
