import { Accordion, AccordionDetails, AccordionSummary, Button, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A collapsible card holding one settings form and its save action. */
export function SettingsCard(props: {
  id: string;
  title: string;
  banner: ReactNode;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  children: ReactNode;
  /** Shown under the form: actions that use the saved settings. */
  footer?: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.saving) props.onSave();
  };
  return (
    <Accordion defaultExpanded disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${props.id}-content`} id={`${props.id}-header`}>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <form onSubmit={submit} noValidate aria-label={props.title}>
          {props.banner}
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            {props.children}
            <div>
              <Button type="submit" variant="contained" disabled={props.saving || !props.canSave}>
                {translate(props.saving ? 'quire.home.saving' : 'quire.home.save')}
              </Button>
            </div>
          </Stack>
        </form>
        {props.footer}
      </AccordionDetails>
    </Accordion>
  );
}
