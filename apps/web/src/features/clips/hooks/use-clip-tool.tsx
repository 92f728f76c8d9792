import { lazy, Suspense, useMemo } from 'react';
import type { PlayerTool } from '../../../components/player-tool';
import { useT } from '../../../lib/i18n';
import { ClipLocked } from '../components/clip-locked';
import styles from '../components/clip-panel.module.css';
import '../../../locales/clip-tool';
import '../../../locales/clips';

// The form, its zod schema and the polling load when the tool is first opened, not with the page.
const ClipPanel = lazy(() =>
  import('../components/clip-panel').then((module) => ({ default: module.ClipPanel })),
);

/** Where a viewer who cannot cut clips is sent from the tool: the passes (cards list clips). */
export const CLIP_UPSELL_PATH = '/packages';

/**
 * The clip cutter for the game's player. Capabilities are the signed-in viewer's (spec: lower-cased
 * into flags; null when anonymous). The Clip button opens the tool for everyone; an anonymous
 * visitor's says to log in, and a viewer without `clipping` is told their access has no clips and
 * led to the passes, on the page itself (not in a hover title, which phones never show).
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
  return useMemo<PlayerTool>(() => {
    const label = t('clip-tool:tool.button');
    if (isAnonymous || !canClip) {
      const locked = isAnonymous
        ? { text: t('clip-tool:tool.loginText'), to: loginPath, label: t('clip-tool:tool.login') }
        : {
            text: t('clip-tool:upsell.text'),
            to: CLIP_UPSELL_PATH,
            label: t('clips:upsell.action'),
          };
      return {
        label,
        render: (player) => (
          <ClipLocked
            text={locked.text}
            action={{ to: locked.to, label: locked.label }}
            onClose={player.close}
          />
        ),
      };
    }
    return {
      label,
      rangeLabels: { start: t('clip-tool:form.start'), end: t('clip-tool:form.end') },
      render: (player) => (
        <Suspense fallback={<p className={styles.panel}>{t('clip-tool:tool.loading')}</p>}>
          <ClipPanel eventId={eventId} player={player} />
        </Suspense>
      ),
    };
  }, [t, isAnonymous, canClip, loginPath, eventId]);
}
