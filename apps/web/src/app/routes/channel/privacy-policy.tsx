import { KindPage } from './channel-page-route';

export function Component() {
  return <KindPage kind="privacy_policy" url="/privacy_policy" />;
}
