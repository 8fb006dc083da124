import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { makeQueryClient } from '@/lib/query-client';

/** Renders with a fresh QueryClient (the site's real defaults), so no test sees another's cache. */
export function renderWithQueryClient(ui: ReactElement) {
  const queryClient = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
