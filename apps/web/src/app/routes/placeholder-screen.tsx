import { PageHeader } from '../../components/ui/page-header';
import { UnavailableNotice, type OutlineShape } from '../../components/ui/unavailable-notice';

/** The frame of a screen whose data arrives with a later release, saying so in the visitor's language. */
export function PlaceholderScreen({
  title,
  subtitle,
  notice,
  shape,
}: {
  title: string;
  subtitle?: string;
  notice: string;
  shape: OutlineShape;
}) {
  return (
    <div className="page-container">
      <title>{title}</title>
      <PageHeader title={title} subtitle={subtitle} />
      <UnavailableNotice title={notice} shape={shape} />
    </div>
  );
}
