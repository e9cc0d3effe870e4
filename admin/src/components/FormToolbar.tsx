import { Button } from '@mui/material';
import { Toolbar, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SubmitButton } from './forms';

/** A form's submit button with the spec's label, and Cancel, which goes back to `back`. */
export function FormToolbar(props: { label: string; cancelLabel: string; back: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SubmitButton label={props.label} />
      <Button onClick={() => navigate(props.back)}>{translate(props.cancelLabel)}</Button>
    </Toolbar>
  );
}
