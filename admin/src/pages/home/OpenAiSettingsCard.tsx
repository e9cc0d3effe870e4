import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SecretField } from '../../components/SecretField';
import { useWriteAccess } from '../../components/CanWrite';
import { useBanner } from '../../components/useBanner';
import { fieldErrorsOf, useRun } from '../../components/useRun';
import type { EnvVars } from './api';
import { SettingsCard } from './SettingsCard';
import { refreshFirstRun } from './FirstRunCard';
import { ConnectionActions } from './ConnectionActions';
import { useQuireTranslate } from '../../components/useT';

/** The OpenAI API key: an owner's to change; the other members read its redacted hint. */
export function OpenAiSettingsCard(props: { envVars: EnvVars | null }) {
  const translate = useQuireTranslate();
  const writable = useWriteAccess('settings');
  const readOnly = writable !== true;
  const { banner, show } = useBanner();
  const [key, setKey] = useState(props.envVars?.OPENAI_API_KEY ?? '');
  const { run, busy } = useRun(show);
  const queryClient = useQueryClient();
  const [fieldError, setFieldError] = useState<string | undefined>();

  const save = () => {
    setFieldError(undefined);
    void run('save', {
      call: (dataProvider) => dataProvider.saveEnvVars({ OPENAI_API_KEY: key }),
      success: translate('quire.home.saved'),
      failure: translate('quire.home.saveFailed'),
      onSuccess: (saved) => {
        setKey(saved.envVars.OPENAI_API_KEY);
        refreshFirstRun(queryClient);
      },
      onFailure: (error) => setFieldError(Object.values(fieldErrorsOf(error))[0]),
    });
  };

  return (
    <SettingsCard
      id="openai"
      title={translate('quire.home.openAiCard')}
      banner={banner}
      saving={!!busy}
      canSave={!!props.envVars}
      onSave={save}
      writable={writable}
      footer={<ConnectionActions service="openai" />}
    >
      <SecretField
        label={translate('quire.home.openAiKey')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        disabled={!props.envVars}
        readOnly={readOnly}
        error={!!fieldError}
        helperText={fieldError ?? (key.includes('…') ? translate('quire.home.keptHint') : undefined)}
      />
    </SettingsCard>
  );
}
