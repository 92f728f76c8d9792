import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { ContactDetails } from '../../../features/channel/components/contact-details';
import { KindPage } from './channel-page-route';

export function Component() {
  const { data } = useBootstrap();
  return (
    <KindPage kind="contacts" url="/contacts" hideMissing={Boolean(data?.settings.contact_email)}>
      <ContactDetails settings={data?.settings} />
    </KindPage>
  );
}
