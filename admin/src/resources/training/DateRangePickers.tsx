import { Stack } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker, DateValidationError } from '@mui/x-date-pickers';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import { de } from 'date-fns/locale/de';
import { useState } from 'react';
import { useLocaleState } from 'react-admin';
import { useT } from '../../components/useT';

function DateField(props: { label: string; placeholder: string; value: Date | null; minDate?: Date; onChange: (value: Date | null) => void }) {
  const t = useT('training');
  const [error, setError] = useState<DateValidationError>(null);
  const helperText = error === 'minDate' && props.minDate ? t('endBeforeStart') : error ? t('invalidDate') : undefined;
  return (
    <DatePicker
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      onError={setError}
      minDate={props.minDate}
      format="yyyy-MM-dd"
      views={['year', 'month', 'day']}
      openTo="day"
      // The plain-input field shows the spec's placeholder while empty and unfocused (the
      // sectioned field would show the format instead); the label stays up so it is visible.
      enableAccessibleFieldDOMStructure={false}
      slotProps={{
        field: { clearable: true },
        textField: { placeholder: props.placeholder, helperText, sx: { minWidth: 240 }, slotProps: { inputLabel: { shrink: true } } },
      }}
    />
  );
}

/** Start Date and End Date (spec §2): yyyy-MM-dd, year and month selection, clearable; end ≥ start. */
export function DateRangePickers(props: {
  start: Date | null;
  end: Date | null;
  onStartChange: (value: Date | null) => void;
  onEndChange: (value: Date | null) => void;
}) {
  const t = useT('training');
  const validStart = props.start && !Number.isNaN(props.start.getTime()) ? props.start : undefined;
  // The calendar's own words (month names, weekdays, its buttons) follow the dashboard's language; the format stays yyyy-MM-dd.
  const [locale] = useLocaleState();
  const german = locale === 'de';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={german ? de : undefined}
      localeText={german ? deDE.components.MuiLocalizationProvider.defaultProps.localeText : undefined}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateField label={t('startDate')} placeholder={t('startPlaceholder')} value={props.start} onChange={props.onStartChange} />
        <DateField label={t('endDate')} placeholder={t('endPlaceholder')} value={props.end} minDate={validStart} onChange={props.onEndChange} />
      </Stack>
    </LocalizationProvider>
  );
}
