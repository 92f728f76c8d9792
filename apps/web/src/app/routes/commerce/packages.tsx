import { PackagesScreen } from '../../../features/commerce/components/packages-screen';

export function Component() {
  return <PackagesScreen />;
}
