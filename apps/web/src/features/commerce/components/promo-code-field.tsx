import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useApplyCoupon } from '../api/apply-coupon';
import { useMoney } from '../hooks/use-money';
import type { ProductFields } from '../lib/buy-selection';
import { commerceErrorText } from '../lib/commerce-errors';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/**
 * The promo code: checked with apply_coupon for this product, then handed to the checkout (and
 * the price preview). Refusals show the spec's texts at the field.
 */
export function PromoCodeField({
  product,
  applied,
  onApplied,
}: {
  product: ProductFields;
  applied: string | null;
  onApplied: (code: string | null) => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const [code, setCode] = useState(applied ?? '');
  const [empty, setEmpty] = useState(false);
  const coupon = useApplyCoupon(product);

  const apply = () => {
    const trimmed = code.trim();
    setEmpty(!trimmed);
    if (!trimmed) return;
    coupon.mutate(trimmed, { onSuccess: (c) => onApplied(c.code) });
  };

  const fieldError = empty
    ? t('commerce:card.errors.required')
    : coupon.isError && !(isApiError(coupon.error) && coupon.error.status === 0)
      ? commerceErrorText(t, coupon.error)
      : undefined;

  if (applied && coupon.data) {
    return (
      <div className={styles.promoApplied} role="status">
        <span>
          {t('commerce:promo.applied', {
            code: applied,
            discount:
              coupon.data.discount !== null && coupon.data.currency
                ? money(coupon.data.discount, coupon.data.currency)
                : coupon.data.percent_off !== null
                  ? `${coupon.data.percent_off}%`
                  : '',
          })}
        </span>
        <Button
          variant="ghost"
          size="s"
          onClick={() => {
            coupon.reset();
            setCode('');
            onApplied(null);
          }}
        >
          {t('commerce:promo.remove')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.promo}>
      <TextField
        label={t('commerce:promo.label')}
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        error={fieldError}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
      />
      <Button
        variant="secondary"
        className={styles.promoButton}
        onClick={apply}
        disabled={coupon.isPending}
      >
        {coupon.isPending ? t('commerce:promo.applying') : t('commerce:promo.apply')}
      </Button>
    </div>
  );
}
