import { ListItemText, ListSubheader, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import { SPEC_BASE_MODELS } from '@quire/shared';
import { BaseModelOption, QuireDataProvider } from '../dataProvider';
import { useT } from './useT';

/** Spec §9's five until the server has said more (or when it cannot be asked). */
const SPEC_ONLY: BaseModelOption[] = SPEC_BASE_MODELS.map((id) => ({ id, available: null, shutdown_date: null, reason: null, spec: true }));

/** The default base model: spec §9's gpt-4o, unless the key cannot use it. */
export const DEFAULT_BASE_MODEL: string = SPEC_BASE_MODELS[0];

function useBaseModels(value: string, onChange: (value: string) => void) {
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
    if (options.find((o) => o.id === value)?.available !== false) return;
    const usable = options.find((o) => o.available !== false);
    if (usable) onChange(usable.id);
  }, [options, value, onChange]);

  return { options, loaded };
}

/**
 * The base model of a new model, for /models/new and the wizard's New Model modal: spec §9's five
 * first, then every other chat model the saved OpenAI key lists, newest first, each with the day
 * OpenAI stops it; a model the key cannot use is shown disabled with the reason.
 */
export function BaseModelSelect(props: { label: string; value: string; onChange: (value: string) => void }) {
  const t = useT('models');
  const { options, loaded } = useBaseModels(props.value, props.onChange);
  const spec = options.filter((o) => o.spec);
  const others = options.filter((o) => !o.spec);
  const item = (option: BaseModelOption) => {
    const note = option.reason ?? (loaded && option.shutdown_date ? t('stopsOn', { date: option.shutdown_date }) : null);
    return (
      <MenuItem key={option.id} value={option.id} disabled={option.available === false}>
        <ListItemText primary={option.id} secondary={note} slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 420 } } }} />
      </MenuItem>
    );
  };
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { renderValue: (value) => String(value) } }}
    >
      {spec.map(item)}
      {others.length > 0 && <ListSubheader>{t('otherBaseModels')}</ListSubheader>}
      {others.map(item)}
    </TextField>
  );
}

/** The base model as a form input (`base_model`), labelled by resources.models.fields.base_model. */
export function BaseModelInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'base_model' });
  return <BaseModelSelect label={translate('resources.models.fields.base_model')} value={field.value} onChange={field.onChange} />;
}
