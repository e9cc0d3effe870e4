import { QueryClient } from '@tanstack/react-query';

/** Retry what may pass on a second try (network, 5xx) once; a 4xx answer will not change. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => {
        const status = (error as { status?: number }).status;
        return failureCount < 1 && (status === undefined || status >= 500);
      },
    },
  },
});
