import { lazy, Suspense, useMemo } from 'react';
import type { PlayerTool } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import styles from '../components/clip-panel.module.css';
import '../../../locales/clip-tool';

// The form, its zod schema and the polling load when the tool is first opened, not with the page.
const ClipPanel = lazy(() =>
  import('../components/clip-panel').then((module) => ({ default: module.ClipPanel })),
);

/** Where the clip button leads a viewer who cannot cut clips: the passes (Monthly has clips). */
export const CLIP_UPSELL_PATH = '/packages';

/**
 * The clip cutter for the game's player. Capabilities are the signed-in viewer's (spec: lower-cased
 * into flags; null when anonymous): an anonymous visitor is sent to log in, a viewer without
 * `clipping` to the passes, everyone else opens the tool.
 */
export function useClipTool({
  eventId,
  capabilities,
  loginPath,
}: {
  eventId: number;
  capabilities: readonly string[] | null;
  loginPath: string;
}): PlayerTool {
  const { t } = useT();
  const canClip = capabilities?.some((c) => c.toLowerCase() === 'clipping') ?? false;
  const isAnonymous = capabilities === null;
  return useMemo<PlayerTool>(
    () => ({
      label: t('clip-tool:tool.button'),
      href: isAnonymous ? loginPath : canClip ? undefined : CLIP_UPSELL_PATH,
      hrefHint: isAnonymous ? t('clip-tool:tool.loginHint') : t('clip-tool:upsell.text'),
      rangeLabels: { start: t('clip-tool:form.start'), end: t('clip-tool:form.end') },
      render: (player) => (
        <Suspense fallback={<p className={styles.panel}>{t('clip-tool:tool.loading')}</p>}>
          <ClipPanel eventId={eventId} player={player} />
        </Suspense>
      ),
    }),
    [t, isAnonymous, canClip, loginPath, eventId],
  );
}
