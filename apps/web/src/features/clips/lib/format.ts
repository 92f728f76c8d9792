/** A clip's creation date in the viewer's language ("12 Mar 2026"). */
export function formatClipDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}
