import { defaultTheme, RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with blues dark enough for WCAG AA text contrast (at least 4.5:1):
 * white on the app bar (secondary), and primary text on the page, on filled inputs and on the
 * forms' grey toolbar; an orange as dark, for warnings written in it (a model's shutdown date); and
 * an info blue that white text reads on (History's "running" chip; MUI's own gives 3.9:1).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1560bd' },
    secondary: { light: '#5e92f3', main: '#1560bd', dark: '#003c8f', contrastText: '#fff' },
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
  },
};
