import { useProfile } from '../../../features/auth/api/get-profile';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { ContactDetails } from '../../../features/channel/components/contact-details';
import { useCustomForm } from '../../../features/commerce/api/custom-forms';
import { CustomFormView } from '../../../features/commerce/components/custom-form-view';
import { KindPage } from './channel-page-route';

/** The channel's custom form of this alias, when it has one, is the page's contact form. */
const CONTACT_FORM_ALIAS = 'contact';

export function Component() {
  const { data } = useBootstrap();
  const { data: user } = useProfile();
  const form = useCustomForm(CONTACT_FORM_ALIAS, user?.id ?? null);
  return (
    <KindPage kind="contacts" url="/contacts" hideMissing={Boolean(data?.settings.contact_email)}>
      <ContactDetails settings={data?.settings} />
      {form.data ? <CustomFormView form={form.data} userId={user?.id ?? null} /> : null}
    </KindPage>
  );
}
