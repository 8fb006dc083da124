'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { startSessionKeeper } from '@/lib/auth/session';
import { makeQueryClient } from '@/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  // Refreshes tokens before they expire and drops a session the server has ended.
  useEffect(() => startSessionKeeper(), []);
  // The root has hydrated: React handles events from here on (the browser journeys wait for
  // this mark, as the page's script starts only after its first paint).
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
