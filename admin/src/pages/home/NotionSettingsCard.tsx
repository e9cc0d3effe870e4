import { TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SecretField } from '../../components/SecretField';
import { useWriteAccess } from '../../components/CanWrite';
import { useBanner } from '../../components/useBanner';
import { fieldErrorsOf, useRun } from '../../components/useRun';
import type { EnvVars, StatusConfig } from './api';
import { SettingsCard } from './SettingsCard';
import { refreshFirstRun } from './FirstRunCard';
import { ConnectionActions } from './ConnectionActions';
import { useQuireTranslate } from '../../components/useT';

const STATUS_KEYS = ['start', 'inProgress', 'error', 'complete'] as const;

/** Notion secret, database id and the custom status configuration, saved together by an owner; read by the other members. */
export function NotionSettingsCard(props: { envVars: EnvVars | null; statusConfig: StatusConfig | null }) {
  const translate = useQuireTranslate();
  const writable = useWriteAccess('settings');
  const readOnly = writable !== true;
  const input = { slotProps: { input: { readOnly } } };
  const { banner, show } = useBanner();
  const [secret, setSecret] = useState(props.envVars?.NOTION_SECRET ?? '');
  const [databaseId, setDatabaseId] = useState(props.envVars?.DATABASE_ID ?? '');
  const [status, setStatus] = useState<StatusConfig | null>(props.statusConfig);
  const { run, busy } = useRun(show);
  const queryClient = useQueryClient();
  const saving = !!busy;
  const [touched, setTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const missing = (value: string) => touched && value.trim() === '';
  const statusValid = !!status && status.propertyName.trim() !== '' && STATUS_KEYS.every((k) => status.values[k].trim() !== '');

  const save = () => {
    setTouched(true);
    if (!status || !statusValid || !props.envVars) return;
    setFieldErrors({});
    void run('save', {
      call: async (dataProvider) => {
        const saved = await dataProvider.saveEnvVars({ NOTION_SECRET: secret, DATABASE_ID: databaseId });
        setSecret(saved.envVars.NOTION_SECRET);
        setDatabaseId(saved.envVars.DATABASE_ID);
        setStatus((await dataProvider.saveStatusConfig(status)).statusConfig);
      },
      success: translate('quire.home.saved'),
      failure: translate('quire.home.saveFailed'),
      onSuccess: () => refreshFirstRun(queryClient),
      onFailure: (error) => setFieldErrors(fieldErrorsOf(error, 'envVars.')),
    });
  };

  const hint = (value: string) => (value.includes('…') ? translate('quire.home.keptHint') : undefined);
  const setValue = (key: (typeof STATUS_KEYS)[number], value: string) => setStatus((s) => (s ? { ...s, values: { ...s.values, [key]: value } } : s));

  return (
    <SettingsCard
      id="notion"
      title={translate('quire.home.notionCard')}
      banner={banner}
      saving={saving}
      canSave={!!props.envVars && !!status}
      onSave={save}
      writable={writable}
      footer={<ConnectionActions service="notion" />}
    >
      <SecretField
        label={translate('quire.home.notionSecret')}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        disabled={!props.envVars}
        readOnly={readOnly}
        error={!!fieldErrors.NOTION_SECRET}
        helperText={fieldErrors.NOTION_SECRET ?? hint(secret)}
      />
      <TextField
        label={translate('quire.home.databaseId')}
        value={databaseId}
        onChange={(e) => setDatabaseId(e.target.value)}
        disabled={!props.envVars}
        {...input}
        error={!!fieldErrors.DATABASE_ID}
        helperText={fieldErrors.DATABASE_ID ?? hint(databaseId)}
      />
      <Typography variant="subtitle1" component="h3">
        {translate('quire.home.statusTitle')}
      </Typography>
      <TextField
        label={translate('quire.home.propertyName')}
        value={status?.propertyName ?? ''}
        onChange={(e) => setStatus((s) => (s ? { ...s, propertyName: e.target.value } : s))}
        disabled={!status}
        {...input}
        required
        error={missing(status?.propertyName ?? '') || !!fieldErrors.propertyName}
        helperText={missing(status?.propertyName ?? '') ? translate('quire.home.required') : fieldErrors.propertyName}
      />
      {STATUS_KEYS.map((key) => (
        <TextField
          key={key}
          label={translate(`quire.home.${key}`)}
          value={status?.values[key] ?? ''}
          onChange={(e) => setValue(key, e.target.value)}
          disabled={!status}
          {...input}
          required
          error={missing(status?.values[key] ?? '') || !!fieldErrors[`values.${key}`] || !!fieldErrors.values}
          helperText={missing(status?.values[key] ?? '') ? translate('quire.home.required') : (fieldErrors[`values.${key}`] ?? fieldErrors.values)}
        />
      ))}
    </SettingsCard>
  );
}
