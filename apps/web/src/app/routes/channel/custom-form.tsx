import { formText } from '@rudy/contracts';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useProfile } from '../../../features/auth/api/get-profile';
import { useCustomForm } from '../../../features/commerce/api/custom-forms';
import { CustomFormView } from '../../../features/commerce/components/custom-form-view';
import { currentLocale, useT } from '../../../lib/i18n';
import '../../../locales/commerce';

/** The aliases the API accepts (AliasParamsSchema); any other cannot name a form. */
const ALIAS = /^[a-z0-9_-]{1,64}$/i;

/** /forms/:alias: any form the channel defines (a 404 from the API is "no such form"). */
export function Component() {
  const { t } = useT();
  const { alias = '' } = useParams();
  const { data: user } = useProfile();
  const isValid = ALIAS.test(alias);
  const form = useCustomForm(isValid ? alias : '', user?.id ?? null, isValid);
  const title =
    (form.data && formText(form.data.definition.title, currentLocale())) ??
    t('commerce:customForm.pageTitle');
  let body;
  if (form.data) body = <CustomFormView form={form.data} userId={user?.id ?? null} hideTitle />;
  else if (isValid && form.isPending) body = <Skeleton height={220} radius={16} />;
  else if (form.isError) {
    body = <LoadError what={t('commerce:customForm.what')} onRetry={() => void form.refetch()} />;
  } else body = <StatusMessage title={t('commerce:customForm.missing')} />;
  return (
    <div className="page-container">
      <title>{title}</title>
      <PageHeader title={title} />
      {body}
    </div>
  );
}
