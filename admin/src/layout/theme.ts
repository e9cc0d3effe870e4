import { defaultTheme, RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with blues dark enough for WCAG AA text contrast: white on the app
 * bar (secondary) and primary text on the page background and on filled inputs (at least 4.5:1).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
};
