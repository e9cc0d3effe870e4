import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { QuireDataProvider } from '../../dataProvider';

/** GET /api/training-snapshots with the given query; a failure is only logged (spec §8). */
export function useSnapshots(query: Record<string, string | null | undefined>, enabled = true) {
  const dataProvider = useDataProvider<QuireDataProvider>();
  const params = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  const result = useQuery({
    queryKey: ['training-snapshots', 'getTrainingSnapshots', params],
    queryFn: () => dataProvider.getTrainingSnapshots(params),
    enabled,
    // A snapshot does not change once written; refetching would only reset the wizard's text.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (result.error) console.error('Failed to load snapshots', result.error);
  }, [result.error]);
  return result;
}
