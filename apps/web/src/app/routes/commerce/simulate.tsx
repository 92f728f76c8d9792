import { SimulateScreen } from '../../../features/commerce/components/simulate-screen';

export function Component() {
  return <SimulateScreen />;
}
