import { Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useRef } from 'react';
import { useNotify } from 'react-admin';
import { useQuireTranslate } from './useT';

/**
 * A read-only value to paste elsewhere, with a Copy button (the clipboard, "Copied"). Where the
 * browser offers no clipboard (a plain-http address other than localhost), the text is selected
 * instead and the notice says to press Ctrl+C.
 */
export function CopyField(props: { label: string; value: string; monospace?: boolean }) {
  const translate = useQuireTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const tell = (type: 'success' | 'warning', text: string) => notify(text, { type, messageArgs: { _: text } });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      tell('success', translate('quire.home.copied'));
    } catch {
      input.current?.focus();
      input.current?.select();
      tell('warning', translate('quire.home.copyFailed'));
    }
  };

  const copyLabel = translate('quire.home.copyLabel', { field: props.label });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={props.label}
        value={props.value}
        fullWidth
        size="small"
        inputRef={input}
        onFocus={(event) => event.target.select()}
        slotProps={{ input: { readOnly: true, sx: props.monospace ? { fontFamily: 'monospace' } : undefined } }}
      />
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-label={copyLabel} title={copyLabel} sx={{ flexShrink: 0 }}>
        {translate('quire.home.copy')}
      </Button>
    </Stack>
  );
}
