import { KindPage } from './channel-page-route';

export function Component() {
  return <KindPage kind="about" url="/about" />;
}
