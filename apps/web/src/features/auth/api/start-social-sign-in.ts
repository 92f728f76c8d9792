import type { SocialProvider } from '@rudy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Asks the server for the provider's sign-in URL, bound to this key and this browser. */
export async function startSocialSignIn(input: {
  provider: SocialProvider;
  returnTo?: string | undefined;
}): Promise<string> {
  const res = await apiClient.post<{ authorization_url: string }>(
    `/v2/auth/social/${input.provider}`,
    { body: input.returnTo ? { return_to: input.returnTo } : {} },
  );
  return res.authorization_url;
}

export function useStartSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    // The page is left for the provider's; the button stays busy until the browser goes.
    onSuccess: (url) => window.location.assign(url),
  });
}
