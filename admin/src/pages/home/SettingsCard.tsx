import { Alert, Button, Stack } from '@mui/material';
import { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { HomeCard } from './HomeCard';

/**
 * A collapsible card holding one settings form and its save action. The save is offered once
 * `writable` (the workspace's owners, whose connections they are); to the other members the card says why not.
 */
export function SettingsCard(props: {
  id: string;
  title: string;
  banner: ReactNode;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  writable: boolean | undefined;
  children: ReactNode;
  /** Shown under the form: actions that use the saved settings. */
  footer?: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.saving && props.writable) props.onSave();
  };
  return (
    <HomeCard id={props.id} title={props.title}>
      <form onSubmit={submit} noValidate aria-label={props.title}>
        {props.banner}
        {props.writable === false && (
          <Alert severity="info" sx={{ mb: 2, maxWidth: 560 }}>
            {translate('quire.home.ownersOnly')}
          </Alert>
        )}
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          {props.children}
          {props.writable && (
            <div>
              <Button type="submit" variant="contained" disabled={props.saving || !props.canSave}>
                {translate(props.saving ? 'quire.home.saving' : 'quire.home.save')}
              </Button>
            </div>
          )}
        </Stack>
      </form>
      {props.footer}
    </HomeCard>
  );
}
