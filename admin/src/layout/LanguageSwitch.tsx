import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState } from 'react-admin';
import { useQuireTranslate } from '../components/useT';
import { LOCALES } from '../i18n/i18nProvider';

/**
 * The app bar's choice of language: react-admin keeps it in its store (localStorage), so the
 * dashboard opens in it next time; until a choice is made, the browser's language is used.
 * Each language is named in itself, marked with its own `lang`.
 */
export function LanguageSwitch() {
  const translate = useQuireTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.find((l) => l.locale === locale) ?? LOCALES[0];
  return (
    <>
      <Button
        color="inherit"
        aria-label={translate('quire.app.language', { name: current.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mr: 1, textTransform: 'none' }}
      >
        {current.name}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l.locale}
            lang={l.locale}
            selected={l.locale === current.locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
