import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import { useCanWrite } from './CanWrite';
import { deleting, useRun } from './useRun';

/**
 * A row's delete that asks first in react-admin's confirmation dialog, then deletes through useRun:
 * one request whatever the clicks (spec §4). react-admin's own DeleteButton disables its Confirm
 * only once react-query reports the delete pending, after a double click's second click has sent a
 * second DELETE. Offered to those who may change `resource`, as DeleteButton is.
 */
export function ConfirmDeleteButton(props: {
  resource: string;
  record: { id: string };
  label: string;
  confirmTitle: string;
  confirmContent: string;
  success: string;
  failure: (error: unknown) => string;
  /** Other resources the delete makes stale, besides `resource`. */
  alsoInvalidates?: string[];
}) {
  const canDelete = useCanWrite(props.resource);
  const { run, busy } = useRun();
  const [open, setOpen] = useState(false);
  if (!canDelete) return null;
  const pending = busy !== null;
  const { call, invalidates } = deleting(props.resource, props.record);
  const confirm = () =>
    void run('delete', {
      call,
      invalidates: [...invalidates, ...(props.alsoInvalidates ?? [])],
      success: props.success,
      failure: props.failure,
      onSuccess: () => setOpen(false),
      onFailure: () => setOpen(false),
    });
  return (
    <>
      <Button label={props.label} color="error" onClick={() => setOpen(true)} disabled={pending}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={props.confirmTitle}
        content={props.confirmContent}
        onConfirm={confirm}
        onClose={() => !pending && setOpen(false)}
      />
    </>
  );
}
