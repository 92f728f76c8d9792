import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_INVITATION_TTL_HOURS,
  HOUR_MS,
  type AdminInvitation,
  type AdminTeamMembers,
  type AdminViewer,
  type AdminViewerList,
  type AdminViewerSummary,
  type Locale,
} from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { pickText } from '../../../lib/i18n-text.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { ChannelService } from '../../channel/channel.service.js';
import type { SiteOrigins } from '../../channel/site-origin.js';
import { channelBranding } from '../../mail/branding.js';
import { renderActionMail } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import { capabilitiesOf, type GrantsSource } from '../../users/access.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import {
  createPeopleAdminRepository,
  type PeopleAdminRepository,
} from './people-admin.repository.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

type SummaryRow = Awaited<ReturnType<PeopleAdminRepository['search']>>['rows'][number];
const toSummary = (r: SummaryRow): AdminViewerSummary => ({
  id: r.id,
  email: r.email,
  first_name: r.first_name,
  last_name: r.last_name,
  role: r.role,
  blocked: r.blocked_at !== null,
  created_at: iso(r.created_at),
});

/** The web page where a signed-in invitee accepts (routes in apps/web's router). */
export const INVITATION_PATH = '/admin-invitation';

/**
 * The console's people: viewers (search, what they hold, block) and admins (invite by e-mail,
 * withdraw an invitation, remove an admin but never the last). Every change is audited; a block
 * takes effect at once in every process (AdminChanges tells the key caches of the channel).
 */
export function createPeopleAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  grants: GrantsSource;
  mailer: Mailer;
  origins: SiteOrigins;
  channel: ChannelService;
  now: () => Date;
}) {
  const reads = createPeopleAdminRepository(deps.db);

  async function viewer(channelId: number, id: number, l: Locale): Promise<AdminViewer> {
    const row = await reads.byId(channelId, id);
    if (!row) throw notFound('Viewer not found');
    const [grants, passes, subscriptions] = await Promise.all([
      deps.grants.activeGrants(channelId, id, deps.now()),
      reads.passes(channelId, id),
      reads.subscriptions(channelId, id),
    ]);
    const now = deps.now().getTime();
    return {
      ...toSummary(row),
      email_verified: row.email_verified_at !== null,
      language: row.language,
      capabilities: capabilitiesOf(grants).capabilities,
      passes: passes.map((p) => ({
        order_id: p.id,
        type: p.type,
        name: pickText(p.name, l),
        status: p.status,
        active:
          p.status === 'paid' &&
          p.activity_status === 'active' &&
          (p.period_end === null || new Date(p.period_end).getTime() > now),
        amount_cents: p.amount_cents,
        currency: p.currency,
        bought_at: iso(p.created_at),
        ends_at: isoOrNull(p.period_end),
      })),
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        name: pickText(s.name, l),
        status: s.status,
        renewal: s.renewal,
        current_period_end: isoOrNull(s.current_period_end),
      })),
    };
  }

  async function sendInvitation(channelId: number, email: string, token: string, l: Locale) {
    const brand = await channelBranding(deps.channel, deps.origins, channelId);
    const link = `${brand.siteUrl}${INVITATION_PATH}?${new URLSearchParams({ token }).toString()}`;
    const mail = renderActionMail('admin_invitation', l, brand, '', link);
    await deps.mailer.send({ channelId, to: email, ...mail });
  }

  return {
    async list(
      channelId: number,
      q: { q: string; offset: number; limit: number },
    ): Promise<AdminViewerList> {
      const { rows, total } = await reads.search(channelId, q.q, q.offset, q.limit);
      return { data: rows.map(toSummary), meta: { total, offset: q.offset, limit: q.limit } };
    },

    get: viewer,

    /**
     * Blocks or unblocks a viewer. Not an admin (remove the role first: a blocked admin would keep
     * the console's role) and not oneself.
     */
    async setBlocked(caller: AdminCaller, id: number, blocked: boolean, l: Locale) {
      const current = await reads.byId(caller.channelId, id);
      if (!current) throw notFound('Viewer not found');
      // Sending the state it already has changes nothing and records nothing (a double click).
      if ((current.blocked_at !== null) === blocked) return viewer(caller.channelId, id, l);
      await deps.changes.apply(caller, async (trx, audit) => {
        const repo = createPeopleAdminRepository(trx);
        const before = await repo.byId(caller.channelId, id);
        if (!before) throw notFound('Viewer not found');
        if (blocked && (before.role === 'admin' || id === caller.userId)) {
          throw new HttpError(409, 'in_use', 'An admin cannot be blocked; remove the role first');
        }
        await repo.setBlocked(caller.channelId, id, blocked ? deps.now() : null);
        await audit({
          action: 'update',
          entity: 'viewer',
          entityId: id,
          before: { email: before.email, blocked: before.blocked_at !== null },
          after: { email: before.email, blocked },
        });
      });
      return viewer(caller.channelId, id, l);
    },

    async team(caller: AdminCaller): Promise<AdminTeamMembers> {
      const [admins, invitations] = await Promise.all([
        reads.admins(caller.channelId),
        reads.pendingInvitations(caller.channelId, deps.now()),
      ]);
      return {
        admins: admins.map((a) => ({ ...a, is_you: a.id === caller.userId })),
        invitations: invitations.map((i): AdminInvitation => ({
          id: i.id,
          email: i.email,
          invited_by: i.invited_by_email,
          created_at: iso(i.created_at),
          expires_at: iso(i.expires_at),
        })),
      };
    },

    /**
     * Invites an address to become an admin: a new single-use token (only its hash is stored)
     * replaces any open invitation to the same address, then the mail is sent (after the change
     * commits: the outbox writes through another connection).
     */
    async invite(caller: AdminCaller, email: string, l: Locale): Promise<AdminInvitation> {
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expires = new Date(now.getTime() + ADMIN_INVITATION_TTL_HOURS * HOUR_MS);
      const id = await deps.changes.apply(caller, async (trx, audit) => {
        const repo = createPeopleAdminRepository(trx);
        const existing = await repo.userByEmail(caller.channelId, email);
        if (existing?.role === 'admin') {
          const message = 'This person is already an admin';
          throw new HttpError(400, 'validation_failed', message, { email: message });
        }
        await repo.withdrawOpen(caller.channelId, email, now);
        const { id } = await repo.insertInvitation({
          channel_id: caller.channelId,
          email,
          token_hash: sha256(token),
          invited_by_email: caller.email,
          expires_at: expires,
        });
        await audit({
          action: 'create',
          entity: 'admin_invitation',
          entityId: id,
          before: null,
          after: { email, expires_at: expires.toISOString() },
        });
        return id;
      });
      await sendInvitation(caller.channelId, email, token, l);
      return {
        id,
        email,
        invited_by: caller.email,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
      };
    },

    withdraw(caller: AdminCaller, id: number) {
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createPeopleAdminRepository(trx);
        const found = await repo.invitation(caller.channelId, id);
        if (!found || found.accepted_at !== null || found.withdrawn_at !== null)
          throw notFound('Invitation not found');
        await repo.withdraw(caller.channelId, id, deps.now());
        await audit({
          action: 'delete',
          entity: 'admin_invitation',
          entityId: id,
          before: { email: found.email },
          after: null,
        });
      });
    },

    /** Takes the admin role back (the user stays a viewer); never from the channel's last admin. */
    removeAdmin(caller: AdminCaller, id: number) {
      return deps.changes.apply(caller, async (trx, audit) => {
        const repo = createPeopleAdminRepository(trx);
        const admins = await repo.admins(caller.channelId);
        const target = admins.find((a) => a.id === id);
        if (!target) throw notFound('Admin not found');
        if (admins.length <= 1)
          throw new HttpError(409, 'last_admin', 'The channel’s last admin cannot be removed');
        await repo.setRole(caller.channelId, id, 'viewer');
        await audit({
          action: 'delete',
          entity: 'admin',
          entityId: id,
          before: { email: target.email, role: 'admin' },
          after: null,
        });
      });
    },

    /**
     * A signed-in user accepts an invitation to their own e-mail address: it works once, before it
     * expires, in the channel it was made for; the user becomes the channel's admin.
     */
    async accept(user: { channelId: number; userId: number }, token: string) {
      const found = await reads.invitationByToken(sha256(token));
      if (!found || found.channel_id !== user.channelId || found.withdrawn_at !== null)
        throw new HttpError(400, 'invitation_invalid', 'This invitation is not valid');
      if (found.accepted_at !== null)
        throw new HttpError(400, 'invitation_invalid', 'This invitation has already been used');
      if (new Date(found.expires_at).getTime() <= deps.now().getTime())
        throw new HttpError(400, 'invitation_expired', 'This invitation has expired');
      const account = await reads.byId(user.channelId, user.userId);
      if (!account) throw new HttpError(401, 'login_required');
      if (account.email.toLowerCase() !== found.email.toLowerCase()) {
        throw new HttpError(
          403,
          'forbidden',
          'This invitation is for another e-mail address: sign in with that one',
        );
      }
      const caller: AdminCaller = { ...user, email: account.email };
      await deps.changes.apply(caller, async (trx, audit) => {
        const repo = createPeopleAdminRepository(trx);
        // The row's own condition decides, so a replay racing this one finds it spent.
        if (!(await repo.accept(found.id, user.userId, deps.now())))
          throw new HttpError(400, 'invitation_invalid', 'This invitation has already been used');
        await repo.setRole(user.channelId, user.userId, 'admin');
        await audit({
          action: 'create',
          entity: 'admin',
          entityId: user.userId,
          before: null,
          after: { email: account.email, role: 'admin', invitation: found.id },
        });
      });
      return { channel_name: (await deps.channel.settings(user.channelId)).channel_name };
    },
  };
}
export type PeopleAdminService = ReturnType<typeof createPeopleAdminService>;
