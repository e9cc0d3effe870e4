import { CircularProgress, type SxProps, type Theme } from '@mui/material';
import { useQuireTranslate } from './useT';

/** A spinner standing alone while something loads, named "Loading..." for screen readers (a spinner beside its own words is aria-hidden instead). */
export function Loading(props: { size?: number; sx?: SxProps<Theme> }) {
  const translate = useQuireTranslate();
  return <CircularProgress size={props.size ?? 24} sx={props.sx} aria-label={translate('quire.app.loading')} />;
}
