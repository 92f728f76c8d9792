import type { AcceptInvitationSchema } from '@rudy/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../../lib/api-client';

/** POST /admin-invitations/accept: the signed-in user takes the invitation mailed to them. */
export const acceptInvitation = (token: string) =>
  apiClient.post<z.infer<typeof AcceptInvitationSchema>>('/admin-invitations/accept', {
    body: { token },
  });
