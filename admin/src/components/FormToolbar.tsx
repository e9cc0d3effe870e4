import { Button } from '@mui/material';
import { SaveButton, Toolbar, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** A form's submit button with the spec's label, and Cancel, which goes back to `back`. */
export function FormToolbar(props: { label: string; cancelLabel: string; back: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label={props.label} icon={<></>} alwaysEnable />
      <Button onClick={() => navigate(props.back)}>{translate(props.cancelLabel)}</Button>
    </Toolbar>
  );
}
