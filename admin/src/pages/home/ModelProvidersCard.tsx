import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HomeCard } from './HomeCard';
import { DataTable, Form, FormDataConsumer, PasswordInput, required, SelectInput, TextInput, useNotify } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { CreateBase, EditBase, SubmitButton } from '../../components/forms';
import { FormDialogActions } from '../../components/DialogSaveActions';
import { DataList, RowActions, WholeList } from '../../components/ListTable';
import { deleting, useRun, useSaveFailure, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import type { ModelProvider, ProviderCheck } from './api';
import { refreshFirstRun } from './FirstRunCard';

const KINDS = [
  { id: 'anthropic', name: 'quire.home.providerKindAnthropic' },
  { id: 'gemini', name: 'quire.home.providerKindGemini' },
  { id: 'openai-compatible', name: 'quire.home.providerKindCompatible' },
];

/** How many of a vendor's models a test names before "and N more". */
const NAMED_MODELS = 12;

/** What the last "Test" of a provider found: the vendor's listing, or why it could not be read. */
function TestResult(props: { provider: ModelProvider; result: ProviderCheck }) {
  const t = useT('home');
  const { provider, result } = props;
  const named = result.models.slice(0, NAMED_MODELS).map((model) => model.id);
  const more = result.models.length - named.length;
  return (
    <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
      <Typography variant="body2">{result.message}</Typography>
      {named.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }} aria-label={t('providerModels', { name: provider.name })}>
          {named.join(', ')}
          {more > 0 ? ` … (+${more})` : ''}
        </Typography>
      )}
    </Alert>
  );
}

/** The owners' form: a vendor, a name, a server's address (OpenAI-compatible only) and a key. */
function AddProvider() {
  const t = useT('home');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const failed = useSaveFailure(t('providerAddFailed'));
  const [form, setForm] = useState(0);
  return (
    <Box sx={{ mt: 3 }} role="form" aria-labelledby="model-provider-add">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }} id="model-provider-add">
        {t('providerAddTitle')}
      </Typography>
      <CreateBase
        resource="connections"
        redirect={false}
        mutationOptions={{
          onSuccess: () => {
            notify('quire.home.providerAdded', { type: 'success' });
            refreshFirstRun(queryClient);
            setForm((n) => n + 1);
          },
          onError: failed,
        }}
      >
        <Form key={form} defaultValues={{ kind: 'anthropic', name: '', api_key: '' }}>
          <Stack spacing={1} sx={{ maxWidth: 560 }}>
            <SelectInput source="kind" label={t('providerKind')} choices={KINDS} validate={required()} helperText={false} />
            <FormDataConsumer<{ kind?: string }>>
              {({ formData }) => {
                const compatible = formData.kind === 'openai-compatible';
                return (
                  <>
                    <TextInput
                      source="name"
                      label={t('providerName')}
                      helperText={compatible ? t('providerNameHelpCompatible') : t('providerNameHelp')}
                      validate={compatible ? required() : undefined}
                      inputProps={{ maxLength: 100 }}
                    />
                    {compatible && (
                      <TextInput
                        source="base_url"
                        label={t('providerBaseUrl')}
                        helperText={t('providerBaseUrlHelp')}
                        validate={required()}
                        placeholder="http://localhost:11434/v1"
                        inputProps={{ maxLength: 500 }}
                      />
                    )}
                    <PasswordInput
                      source="api_key"
                      label={t('providerApiKey')}
                      helperText={compatible ? t('providerApiKeyHelpCompatible') : false}
                      validate={compatible ? undefined : required()}
                      inputProps={{ maxLength: 500, autoComplete: 'off' }}
                    />
                  </>
                );
              }}
            </FormDataConsumer>
            <div>
              <SubmitButton label={t('providerAdd')} savingLabel={t('providerAdding')} />
            </div>
          </Stack>
        </Form>
      </CreateBase>
    </Box>
  );
}

/** A provider's name, a server's address or a new key (its hint, left as it is, keeps the saved one); its vendor never changes. */
function EditProvider(props: { provider: ModelProvider; onClose: () => void }) {
  const t = useT('home');
  const notify = useNotify();
  const failed = useSaveFailure(t('providerSaveFailed'));
  const { provider, onClose } = props;
  const compatible = provider.kind === 'openai-compatible';
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-provider-title" fullWidth maxWidth="sm">
      <EditBase
        resource="connections"
        id={provider.id}
        redirect={false}
        mutationMode="pessimistic"
        mutationOptions={{
          onSuccess: () => {
            notify('quire.home.providerSaved', { type: 'success' });
            onClose();
          },
          onError: failed,
        }}
      >
        <Form>
          <DialogTitle id="edit-provider-title">{t('providerEditTitle', { name: provider.name })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {provider.vendor}
            </Typography>
            <TextInput source="name" label={t('providerName')} validate={required()} inputProps={{ maxLength: 100 }} />
            {compatible && <TextInput source="base_url" label={t('providerBaseUrl')} helperText={t('providerBaseUrlHelp')} validate={required()} />}
            <PasswordInput
              source="api_key"
              label={t('providerApiKey')}
              helperText={t('keptHint')}
              validate={compatible ? undefined : required()}
              inputProps={{ maxLength: 500, autoComplete: 'off' }}
            />
          </DialogContent>
          <FormDialogActions onCancel={onClose} cancelLabel={t('providerCancel')} submitLabel={t('save')} savingLabel={t('saving')} />
        </Form>
      </EditBase>
    </Dialog>
  );
}

/**
 * Home's model providers, beside the spec's OpenAI Settings card (which stays the OpenAI
 * connection): Anthropic, Google Gemini and OpenAI-compatible servers, their keys as hints. Owners
 * add, test (what the vendor lists for the key) and remove them; every member reads them.
 */
export function ModelProvidersCard() {
  const t = useT('home');
  const canWrite = useCanWrite('connections');
  const { run, busy } = useRun();
  const [results, setResults] = useState<Record<string, ProviderCheck>>({});
  const [editing, setEditing] = useState<ModelProvider | null>(null);

  const test = (provider: ModelProvider) =>
    run(`test-${provider.id}`, {
      call: (dataProvider) => dataProvider.testModelProvider(provider.id),
      onSuccess: (result) => setResults((all) => ({ ...all, [provider.id]: result })),
      failure: withReason(t('providerTestFailed')),
    });
  const remove = (provider: ModelProvider) =>
    run(provider.id, {
      ...deleting('connections', provider),
      confirm: t('providerRemoveConfirm', { name: provider.name }),
      success: t('providerRemoved'),
      failure: withReason(t('providerRemoveFailed')),
    });

  return (
    <HomeCard id="model-providers" title={t('providersCard')}>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 720 }}>
        {t('providersExplain')}
      </Typography>
      <WholeList resource="connections" sort={{ field: 'created_at', order: 'ASC' }}>
        <DataList<ModelProvider> title={t('providersTable')} heading={false} empty={t('providersEmpty')} rowSx={() => ({ verticalAlign: 'top' })}>
          <DataTable.Col<ModelProvider> label={t('providerName')} render={(provider) => provider.name} />
          <DataTable.Col<ModelProvider> label={t('providerVendor')} render={(provider) => provider.vendor} />
          <DataTable.Col<ModelProvider> label={t('providerAddress')} render={(provider) => provider.base_url ?? t('providerVendorDefault')} />
          <DataTable.Col<ModelProvider>
            label={t('providerKey')}
            render={(provider) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {provider.api_key || t('providerNoKey')}
              </Box>
            )}
          />
          {canWrite && (
            <DataTable.Col<ModelProvider>
              label={t('providerActions')}
              render={(provider) => (
                <Box>
                  <RowActions label={`${t('providerActions')}: ${provider.name}`}>
                    <Button size="small" disabled={!!busy} onClick={() => test(provider)}>
                      {busy === `test-${provider.id}` ? t('providerTesting') : t('providerTest')}
                    </Button>
                    <Button size="small" disabled={!!busy} onClick={() => setEditing(provider)}>
                      {t('providerEdit')}
                    </Button>
                    <Button size="small" color="error" disabled={!!busy} onClick={() => remove(provider)}>
                      {t('providerRemove')}
                    </Button>
                  </RowActions>
                  <Box role="status">{results[provider.id] && <TestResult provider={provider} result={results[provider.id]} />}</Box>
                </Box>
              )}
            />
          )}
        </DataList>
      </WholeList>
      {canWrite ? (
        <AddProvider />
      ) : (
        <Alert severity="info" sx={{ mt: 2, maxWidth: 560 }}>
          {t('providersOwnersOnly')}
        </Alert>
      )}
      {editing && <EditProvider provider={editing} onClose={() => setEditing(null)} />}
    </HomeCard>
  );
}
