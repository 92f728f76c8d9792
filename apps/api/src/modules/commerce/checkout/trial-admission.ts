import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { TrialGrant } from './order-opening.js';
import { createProductsRepository } from '../products/products.repository.js';
import {
  PaymentRejected,
  type PaymentProvider,
  type PaymentSource,
} from '../providers/provider.js';
import type { Purchase } from './purchase-resolver.js';
import { refuse } from './refusals.js';
import { cardClaim, emailClaim } from './trial-claims.js';
import { createTrialClaimsRepository } from './trial-claims.repository.js';
import { rejection, type WalletService } from './wallet.service.js';
import type { SignedInCaller as Caller } from '../../../lib/caller.js';

export interface TrialCandidate {
  days: number;
  email: string;
}

/**
 * Who gets a free trial: a verified address that never had one on this channel, with a card that
 * passes the provider's set-up and never had one either. These checks answer early with a clear
 * code; the order's transaction takes the flag and the claims for good (order-opening).
 */
export function createTrialAdmission(deps: {
  db: DB;
  provider: PaymentProvider;
  wallet: WalletService;
  now: () => Date;
}) {
  const { db, provider } = deps;
  const claims = createTrialClaimsRepository(db);

  return {
    async person(caller: Caller, purchase: Purchase): Promise<TrialCandidate> {
      const days = purchase.subscription?.trial_period_days ?? 0;
      if (days === 0) {
        throw new HttpError(400, 'trial_unavailable', 'This subscription has no free trial');
      }
      const user = await createProductsRepository(db).user(caller.channelId, caller.userId);
      if (!user) throw new HttpError(401, 'login_required');
      // A throwaway address gets no trial: the person must be reachable at it.
      if (!user.email_verified_at) throw refuse.emailNotVerified();
      if (
        user.trial_period_used ||
        (await claims.find(caller.channelId, 'email', emailClaim(user.email)))
      ) {
        throw refuse.trialUsed();
      }
      return { days, email: user.email };
    },

    async card(
      caller: Caller,
      source: PaymentSource,
      candidate: TrialCandidate,
    ): Promise<TrialGrant> {
      const buyer = await deps.wallet.buyer(caller);
      let fingerprint: string;
      try {
        ({ fingerprint } = await provider.verifyTrialCard(buyer, source));
      } catch (error) {
        if (error instanceof PaymentRejected) throw rejection(error);
        throw error;
      }
      const card = cardClaim(provider.name, fingerprint);
      const holder = await claims.find(caller.channelId, 'card', card);
      // Their own trial, given a moment ago to a concurrent request, is not "another" trial.
      if (holder)
        throw holder.user_id === caller.userId ? refuse.trialUsed() : refuse.trialCardUsed();
      return {
        days: candidate.days,
        end: new Date(deps.now().getTime() + candidate.days * 86_400_000),
        emailClaim: emailClaim(candidate.email),
        cardClaim: card,
      };
    },

    /** A trial whose card was refused was never started: the user keeps it, and so does the card. */
    async release(caller: Caller) {
      await db.transaction().execute(async (trx) => {
        await createProductsRepository(trx).resetTrial(caller.userId);
        await createTrialClaimsRepository(trx).release(caller.channelId, caller.userId);
      });
    },
  };
}
