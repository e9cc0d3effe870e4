import { Alert } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';

export const BANNER_MS = 4000;

type BannerState = { severity: 'success' | 'error'; text: string } | null;

/** A success or error banner that goes away by itself after four seconds. */
export function useBanner() {
  const [banner, setBanner] = useState<BannerState>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback((severity: 'success' | 'error', text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setBanner({ severity, text });
    timer.current = setTimeout(() => setBanner(null), BANNER_MS);
  }, []);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const element = banner ? (
    <Alert severity={banner.severity} role={banner.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
      {banner.text}
    </Alert>
  ) : null;

  return { banner: element, show };
}
