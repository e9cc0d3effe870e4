import { Button, CircularProgress } from '@mui/material';
import { ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import {
  Create as RaCreate,
  CreateBase as RaCreateBase,
  CreateBaseProps,
  CreateProps,
  Edit as RaEdit,
  EditBase as RaEditBase,
  EditBaseProps,
  EditProps,
  RaRecord,
  SaveContextProvider,
  SaveHandler,
  useSaveContext,
  useTranslate,
} from 'react-admin';

/**
 * One save at a time (spec §4: "A repeated submit is blocked while a request is in flight").
 * Every form's submit reaches the controller's `save` through the save context; this context
 * hands on a `save` that ignores a call while the last one is unsettled — a second click, a double
 * click or Enter pressed twice sends nothing — and a `saving` that is true from the first call,
 * before react-query has said so, for the submit button to read.
 */
function SaveOnce(props: { children: ReactNode }) {
  const context = useSaveContext();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const controllerSave = context.save;
  const save = useCallback<SaveHandler<never>>(
    async (...args) => {
      if (inFlight.current || !controllerSave) return undefined;
      inFlight.current = true;
      setPending(true);
      try {
        return await controllerSave(...args);
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [controllerSave],
  );
  const value = useMemo(() => ({ ...context, save, saving: pending || !!context.saving }), [context, save, pending]);
  return <SaveContextProvider value={value}>{props.children}</SaveContextProvider>;
}

/** react-admin's `<Create>`, saving once at a time (SaveOnce). Screens use these, never react-admin's own. */
export function Create(props: CreateProps) {
  return <RaCreate {...props}>{<SaveOnce>{props.children}</SaveOnce>}</RaCreate>;
}

/** react-admin's `<Edit>`, saving once at a time (SaveOnce). */
export function Edit(props: EditProps) {
  return <RaEdit {...props}>{<SaveOnce>{props.children}</SaveOnce>}</RaEdit>;
}

/** react-admin's `<CreateBase>`, saving once at a time (SaveOnce). */
export function CreateBase<RecordType extends RaRecord = RaRecord>(props: CreateBaseProps<RecordType>) {
  return <RaCreateBase<RecordType> {...props}>{<SaveOnce>{props.children}</SaveOnce>}</RaCreateBase>;
}

/** react-admin's `<EditBase>`, saving once at a time (SaveOnce). */
export function EditBase<RecordType extends RaRecord = RaRecord>(props: EditBaseProps<RecordType>) {
  return <RaEditBase<RecordType> {...props}>{<SaveOnce>{props.children}</SaveOnce>}</RaEditBase>;
}

/**
 * A form's submit button: disabled while its save is in flight (so Enter cannot submit either),
 * with a spinner and, when given, `savingLabel` meanwhile. It replaces react-admin's
 * `<SaveButton alwaysEnable>`, which never disables itself.
 */
export function SubmitButton(props: { label: string; savingLabel?: string }) {
  const translate = useTranslate();
  const { saving } = useSaveContext();
  const label = saving && props.savingLabel ? props.savingLabel : props.label;
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={!!saving}
      aria-busy={!!saving}
      startIcon={saving ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
    >
      {translate(label, { _: label })}
    </Button>
  );
}
