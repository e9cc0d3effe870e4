import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { SecretField } from '../../components/SecretField';
import { useBanner } from '../../components/useBanner';
import { ApiError } from '../../api';
import { EnvVars, saveEnvVars } from './settingsApi';
import { SettingsCard } from './SettingsCard';
import { ConnectionActions } from './ConnectionActions';

/** The OpenAI API key. */
export function OpenAiSettingsCard(props: { envVars: EnvVars | null }) {
  const translate = useTranslate();
  const { banner, show } = useBanner();
  const [key, setKey] = useState(props.envVars?.OPENAI_API_KEY ?? '');
  const [saving, setSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const save = async () => {
    setSaving(true);
    setFieldError(undefined);
    try {
      setKey((await saveEnvVars({ OPENAI_API_KEY: key })).envVars.OPENAI_API_KEY);
      show('success', translate('quire.home.saved'));
    } catch (error) {
      setFieldError(error instanceof ApiError ? error.body?.errors?.[0]?.message : undefined);
      show('error', translate('quire.home.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      id="openai"
      title={translate('quire.home.openAiCard')}
      banner={banner}
      saving={saving}
      canSave={!!props.envVars}
      onSave={save}
      footer={<ConnectionActions service="openai" />}
    >
      <SecretField
        label={translate('quire.home.openAiKey')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        disabled={!props.envVars}
        error={!!fieldError}
        helperText={fieldError ?? (key.includes('…') ? translate('quire.home.keptHint') : undefined)}
      />
    </SettingsCard>
  );
}
