import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Toaster } from '../components/ui/toaster';
import { showToast } from '../components/ui/toast-store';
import { resetUser } from '../features/auth/hooks/session';
import { ServiceErrorScreen } from '../features/service-status/components/service-error-screen';
import { onAppEvent } from '../lib/app-events';

/** Connects the API client's global events to the UI: throttling toasts, sign-in resets, language. */
function GlobalEvents({ queryClient }: { queryClient: QueryClient }) {
  const { t, i18n } = useT();

  useEffect(() => {
    const offError = onAppEvent('global-error', ({ code }) => {
      showToast({
        type: 'error',
        message: code === 'rate_limited' ? t('errors:codes.rate_limited') : t('errors:generic'),
      });
    });
    const offUnauthorized = onAppEvent('unauthorized', () => resetUser(queryClient));
    return () => {
      offError();
      offUnauthorized();
    };
  }, [queryClient, t]);

  useEffect(() => {
    // The server translates channel texts by `lang`: refetch what is on screen in the new language.
    const onChange = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, queryClient]);

  return null;
}

export function AppProviders({
  queryClient,
  children,
  onReload,
}: {
  queryClient: QueryClient;
  children?: ReactNode;
  onReload?: () => void;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalEvents queryClient={queryClient} />
      {children}
      <Toaster />
      <ServiceErrorScreen onReload={onReload} />
    </QueryClientProvider>
  );
}
