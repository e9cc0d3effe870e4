import { MenuItem, TextField } from '@mui/material';
import { BASE_MODELS } from '../../../backend/src/models/base-models';

/** The base model of a new model (spec §9's choices), for /models/new and the wizard's New Model modal. */
export function BaseModelSelect(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField select label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      {BASE_MODELS.map((model) => (
        <MenuItem key={model} value={model}>
          {model}
        </MenuItem>
      ))}
    </TextField>
  );
}
