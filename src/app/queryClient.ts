import { QueryClient } from '@tanstack/react-query';

/** The one query cache of the console: server data (lists, details) lives here; flows live in machines. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        const status = (error as { status?: number } | null)?.status ?? 0;
        // 4xx are answers, not hiccups
        return failureCount < 2 && (status === 0 || status >= 500);
      },
      refetchOnWindowFocus: false,
    },
  },
});
