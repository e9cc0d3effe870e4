import { ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useInput } from 'react-admin';
import { SPEC_BASE_MODELS } from '@quire/shared';
import { QuireDataProvider } from '../dataProvider';
import type { BaseModelOption } from '../resources/models/api';
import { useT } from './useT';

/** Spec §9's five until the server has said more (or when it cannot be asked). */
const SPEC_ONLY: BaseModelOption[] = SPEC_BASE_MODELS.map((id) => ({
  id,
  model: id,
  available: null,
  shutdown_date: null,
  reason: null,
  spec: true,
  connection_id: null,
  vendor: 'OpenAI',
  connection_name: 'OpenAI',
  display_name: null,
}));

/** The default base model: spec §9's gpt-4o, unless the key cannot use it. */
export const DEFAULT_BASE_MODEL: string = SPEC_BASE_MODELS[0];

function useBaseModels(value: string, onChange: (option: BaseModelOption) => void) {
  const [options, setOptions] = useState<BaseModelOption[]>(SPEC_ONLY);
  const [loaded, setLoaded] = useState(false);
  const dataProvider = useDataProvider<QuireDataProvider>();

  useEffect(() => {
    let live = true;
    dataProvider
      .getBaseModels()
      .then((list) => {
        if (!live) return;
        setOptions(list);
        setLoaded(true);
      })
      // Spec §8: a failure to load models is only logged; spec §9's five stay on offer.
      .catch((error) => console.error('Failed to load base models', error));
    return () => {
      live = false;
    };
  }, [dataProvider]);

  // A default the key cannot use gives way to the first model it can.
  useEffect(() => {
    if (options.find((o) => o.id === value && !o.connection_id)?.available !== false) return;
    const usable = options.find((o) => o.available !== false);
    if (usable) onChange(usable);
  }, [options, value, onChange]);

  return { options, loaded };
}

/** The option's key in the list: the model id for OpenAI, `<provider id>/<model id>` for another provider. */
const keyOf = (model: string, connectionId: string | null | undefined) => (connectionId ? `${connectionId}/${model}` : model);

/**
 * The base model of a new model, for /models/new and the wizard's New Model modal: spec §9's five
 * first, then every other chat model the saved OpenAI key lists, newest first, each with the day
 * OpenAI stops it; a model the key cannot use is shown disabled with the reason. Then each model
 * provider's models, under the provider's name and vendor, as its listing names them.
 */
export function BaseModelSelect(props: { label: string; value: string; connectionId: string | null; onChange: (option: BaseModelOption) => void }) {
  const t = useT('models');
  const { options, loaded } = useBaseModels(props.value, props.onChange);
  const spec = options.filter((o) => o.spec);
  const others = options.filter((o) => !o.spec && !o.connection_id);
  const providers = [...new Set(options.filter((o) => o.connection_id).map((o) => o.connection_id!))];
  const item = (option: BaseModelOption) => {
    const note = option.reason ?? (loaded && option.shutdown_date ? t('stopsOn', { date: option.shutdown_date }) : option.display_name);
    return (
      <MenuItem key={option.id} value={option.id} disabled={option.available === false}>
        <ListItemText primary={option.model} secondary={note} slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 420 } } }} />
      </MenuItem>
    );
  };
  const value = keyOf(props.value, props.connectionId);
  const chosen = options.find((o) => o.id === value);
  return (
    <TextField
      select
      label={props.label}
      value={chosen ? value : props.value}
      onChange={(e) => {
        const option = options.find((o) => o.id === e.target.value);
        if (option) props.onChange(option);
      }}
      helperText={chosen?.connection_id ? t('onProvider', { name: chosen.connection_name, vendor: chosen.vendor }) : undefined}
      slotProps={{ select: { renderValue: () => (chosen ? chosen.model : props.value) } }}
    >
      {spec.map(item)}
      {others.length > 0 && <ListSubheader>{t('otherBaseModels')}</ListSubheader>}
      {others.map(item)}
      {providers.flatMap((id) => {
        const listed = options.filter((o) => o.connection_id === id);
        return [
          <ListSubheader key={`provider-${id}`}>{t('providerModels', { name: listed[0].connection_name, vendor: listed[0].vendor })}</ListSubheader>,
          ...listed.map(item),
        ];
      })}
    </TextField>
  );
}

/** The base model as form inputs (`base_model`, and `connection_id` for another provider's), labelled as the Models screen names it. */
export function BaseModelInput() {
  const t = useT('models');
  const { field } = useInput({ source: 'base_model' });
  const { field: connection } = useInput({ source: 'connection_id', defaultValue: null });
  return (
    <BaseModelSelect
      label={t('baseModel')}
      value={field.value}
      connectionId={connection.value ?? null}
      onChange={(option) => {
        field.onChange(option.model);
        connection.onChange(option.connection_id);
      }}
    />
  );
}
