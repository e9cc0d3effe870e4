import { IconButton, InputAdornment, TextField, TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A masked input with a reveal toggle; `readOnly` shows the value (a redacted hint) without letting it change. */
export function SecretField({ readOnly, ...props }: TextFieldProps & { label: string; readOnly?: boolean }) {
  const translate = useTranslate();
  const [revealed, setRevealed] = useState(false);
  const toggleLabel = translate(revealed ? 'quire.home.hide' : 'quire.home.show', { field: props.label });
  return (
    <TextField
      {...props}
      type={revealed ? 'text' : 'password'}
      autoComplete="off"
      slotProps={{
        input: {
          readOnly,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} title={toggleLabel} onClick={() => setRevealed((r) => !r)} edge="end">
                {revealed ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
