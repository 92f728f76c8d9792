import { useProfile } from '../../../features/auth/api/get-profile';
import { CheckoutScreen } from '../../../features/commerce/components/checkout-screen';

export function Component() {
  const { data: user } = useProfile();
  return <CheckoutScreen user={user ?? null} />;
}
