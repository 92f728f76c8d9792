import { KindPage } from './channel-page-route';

export function Component() {
  return <KindPage kind="terms_conditions" url="/terms_conditions" />;
}
