import { calendarFeedPath } from '@rudy/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { currentLocale, useT } from '../../../lib/i18n';

/**
 * Subscribes the viewer's calendar app to a feed (webcal: opens it in Apple Calendar, Outlook or
 * whatever handles calendars); the feed follows moved games by itself.
 */
export function CalendarLink({
  scope,
  id,
}: {
  scope: 'team' | 'school' | 'sport' | 'channel';
  id?: number;
}) {
  const { t } = useT();
  const href = `webcal://${window.location.host}${calendarFeedPath(scope, id)}?lang=${currentLocale()}`;
  return (
    <a className={buttonClasses('secondary', 's')} href={href}>
      {t(scope === 'channel' ? 'events:calendar.channel' : 'events:calendar.subject')}
    </a>
  );
}
