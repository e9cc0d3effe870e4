import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromIsoDate, toIsoDate } from './isoDate';

/**
 * A date picker's value kept in the query parameter `key` as yyyy-MM-dd. The picker keeps an
 * unfinished typed date to itself (the parameter is then dropped); a parameter changed from
 * outside (back and forward) is taken over.
 */
export function useDateParam(key: string) {
  const [params, setParams] = useSearchParams();
  const param = params.get(key);
  const [value, setValue] = useState<Date | null>(() => fromIsoDate(param));
  const [seenParam, setSeenParam] = useState(param);

  if (param !== seenParam) {
    setSeenParam(param);
    if (param !== toIsoDate(value)) setValue(fromIsoDate(param));
  }

  const change = (next: Date | null) => {
    setValue(next);
    const iso = toIsoDate(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (iso) updated.set(key, iso);
        else updated.delete(key);
        return updated;
      },
      { replace: true },
    );
  };

  return [value, change] as const;
}
