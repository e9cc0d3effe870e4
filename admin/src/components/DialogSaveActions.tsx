import { Button, CircularProgress, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useSaveContext } from 'react-admin';

/**
 * A form dialog's Cancel and submit buttons: both disabled while it saves, the submit showing a
 * spinner (and aria-busy), so a double click sends one request (spec §4).
 */
export function DialogSaveActions({
  saving,
  onCancel,
  cancelLabel,
  submitLabel,
}: {
  saving: boolean;
  onCancel: () => void;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={saving}
        aria-busy={saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** DialogSaveActions for a react-admin form in a dialog: saving as its save context says. */
export function FormDialogActions(props: { onCancel: () => void; cancelLabel: ReactNode; submitLabel: ReactNode; savingLabel: ReactNode }) {
  const { saving } = useSaveContext();
  return (
    <DialogSaveActions
      saving={!!saving}
      onCancel={props.onCancel}
      cancelLabel={props.cancelLabel}
      submitLabel={saving ? props.savingLabel : props.submitLabel}
    />
  );
}
