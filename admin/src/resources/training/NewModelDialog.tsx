import { Alert, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useSaveContext } from 'react-admin';
import { CreateBase } from '../../components/forms';
import { FieldValues } from 'react-hook-form';
import { BaseModelInput, DEFAULT_BASE_MODEL } from '../../components/BaseModelSelect';
import { serverMessage } from '../../components/useRun';
import { useT } from '../../components/useT';
import { DialogSaveActions } from '../../components/DialogSaveActions';
import { TrainingModel } from './types';

interface Failure {
  text: string;
  reason?: string;
}

function NewModelForm(props: { failure: Failure | null; onSubmit: () => void; onClose: () => void }) {
  const t = useT('training');
  const modelT = useT('models');
  const { save, saving } = useSaveContext();
  const close = () => !saving && props.onClose();
  return (
    <Dialog open onClose={close} aria-labelledby="new-model-title" fullWidth maxWidth="xs">
      <Form
        defaultValues={{ name: '', base_model: DEFAULT_BASE_MODEL }}
        noValidate
        disableInvalidFormNotification
        onSubmit={(values: FieldValues) => {
          props.onSubmit();
          return save?.(values);
        }}
      >
        <DialogTitle id="new-model-title">{t('newModelTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.failure && (
              <Alert severity="error" role="alert">
                {props.failure.text}
                {props.failure.reason && <div>{props.failure.reason}</div>}
              </Alert>
            )}
            <TextInput
              source="name"
              label={modelT('name')}
              placeholder={t('modelNamePlaceholder')}
              autoFocus
              variant="outlined"
              helperText={false}
              InputLabelProps={{ shrink: true }}
              inputProps={{ maxLength: 100 }}
            />
            <BaseModelInput />
          </Stack>
        </DialogContent>
        <DialogSaveActions saving={saving === true} onCancel={props.onClose} cancelLabel={t('cancel')} submitLabel={t('addModel')} />
      </Form>
    </Dialog>
  );
}

/**
 * The wizard's New Model modal: a name (spec §5: not checked here) and a base model, created
 * through react-admin's create controller; it stays open with the reason on failure.
 */
export function NewModelDialog(props: { onClose: () => void; onCreated: (model: TrainingModel) => void }) {
  const t = useT('training');
  const [failure, setFailure] = useState<Failure | null>(null);
  return (
    <CreateBase<TrainingModel & { id: string }>
      resource="models"
      redirect={false}
      mutationOptions={{
        onSuccess: (model) => props.onCreated(model),
        onError: (error) => setFailure({ text: t('modelCreateFailed'), reason: serverMessage(error) }),
      }}
    >
      <NewModelForm failure={failure} onSubmit={() => setFailure(null)} onClose={props.onClose} />
    </CreateBase>
  );
}
