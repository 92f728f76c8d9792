import { zodResolver } from '@hookform/resolvers/zod';
import { CLIP_LIMITS, FIELD } from '@rudy/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { PlayerToolApi, SeekRange } from '../../../components/player-tool';
import { ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/status-message';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useEventClips } from '../api/get-event-clips';
import { useClipCreation, type CreationTiming } from '../hooks/use-clip-creation';
import { clipCreateErrorText } from '../lib/clip-errors';
import { ClipFormSchema, type ClipFormValues } from '../lib/clip-form';
import { checkClipRange, defaultClipRange, type RangeProblem } from '../lib/clip-range';
import { ClipForm } from './clip-form';
import { ClipFailed, ClipProcessing, ClipReady } from './clip-outcome';
import { ClipToolFrame } from './clip-tool-frame';
import styles from './clip-panel.module.css';
import '../../../locales/clip-tool';
import '../../../locales/clips';

/** Refusals shown at a field rather than above the form. */
const RANGE_CODES: Partial<Record<string, RangeProblem>> = {
  clip_beyond_end: 'clipDuration',
  clip_too_short: 'tooShort',
  clip_too_long: 'tooLong',
};
const FORM_FIELDS = ['name', 'tags'] as const;
const RANGE_FIELDS = ['start_time', 'duration'];
const ms = (n: number) => Math.round(n * 1000) / 1000;

/** Whether a refusal is said at a field (see `refuse`), so no alert repeats it. */
function isAtField(error: unknown) {
  if (!isApiError(error)) return false;
  if (error.code === 'clip_tag_invalid' || RANGE_CODES[error.code]) return true;
  const fields = Object.keys(error.errors ?? {});
  return (
    error.code === 'validation_failed' &&
    fields.some((f) => (FORM_FIELDS as readonly string[]).includes(f) || RANGE_FIELDS.includes(f))
  );
}

/**
 * The clip tool under the player (loaded when first opened): the form, then "Cutting your clip…"
 * while the game's clips are asked for every second, then the clip or 'clip creating failed'.
 */
export function ClipPanel({
  eventId,
  player,
  timing,
}: {
  eventId: number;
  player: PlayerToolApi;
  timing?: CreationTiming;
}) {
  const { t } = useT();
  const list = useEventClips(eventId);
  const { creation, submit, reset, isSubmitting, error } = useClipCreation(eventId, timing);
  const form = useForm<ClipFormValues>({
    resolver: zodResolver(ClipFormSchema),
    defaultValues: { name: '', tags: [] },
  });
  const [isTried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ problem: RangeProblem; range: SeekRange } | null>(null);
  const maxSeconds = list.data?.max_seconds ?? CLIP_LIMITS.defaultMaxSeconds;
  const { range, timeline, setRange } = player;

  const hasTimeline = timeline.end > timeline.start;
  useEffect(() => {
    // The handles start on the moment just played, once the video knows its length.
    if (!range && hasTimeline) setRange(defaultClipRange(timeline, maxSeconds));
    // Only when there is no range yet: later the viewer moves it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range === null, hasTimeline]);

  const local = isTried ? checkClipRange(range, timeline, maxSeconds) : null;
  const server = refused && refused.range === range ? refused.problem : null;
  const problem = local ?? server;
  const rangeError =
    problem === 'clipDuration'
      ? t('clips:validation.clipDuration')
      : problem === 'tooShort'
        ? t('clips:errors.clip_too_short')
        : problem === 'tooLong'
          ? t('clips:errors.clip_too_long', { seconds: maxSeconds })
          : undefined;

  const refuse = (failure: unknown) => {
    if (!isApiError(failure)) return;
    const fields = failure.code === 'validation_failed' ? (failure.errors ?? {}) : {};
    const onRange =
      RANGE_CODES[failure.code] ??
      (RANGE_FIELDS.some((f) => f in fields) ? 'clipDuration' : undefined);
    if (onRange && range) setRefused({ problem: onRange, range });
    if (failure.code === 'clip_tag_invalid') {
      form.setError('tags', { type: 'server', message: FIELD.selectTag });
    }
    for (const field of FORM_FIELDS) {
      const text = fields[field];
      if (text) form.setError(field, { type: 'server', message: text });
    }
  };

  const onSubmit = () => {
    setTried(true);
    const chosen = range;
    const isRangeOk = checkClipRange(chosen, timeline, maxSeconds) === null;
    void form.handleSubmit((values) => {
      if (!isRangeOk || !chosen) return;
      // The range is on the player's clock; a live player's does not start at the recording's
      // start (the DVR window slides), so the server is told where that clock sits on it.
      const timeline = player.timelineAnchor(chosen.start);
      submit({
        event_id: eventId,
        name: values.name.trim(),
        tags: values.tags,
        start_time: ms(chosen.start),
        duration: ms(chosen.end - chosen.start),
        ...(timeline && { timeline }),
      }).catch(refuse);
    })();
  };

  const body = (() => {
    if (list.isPending) return <p className={styles.loading}>{t('clip-tool:tool.loading')}</p>;
    if (!list.data) {
      return <LoadError what={t('clips:tool.what')} onRetry={() => void list.refetch()} />;
    }
    if (!list.data.can_clip) {
      return (
        <div className={styles.outcomeBlock}>
          <p className={styles.outcomeText}>{t('clip-tool:upsell.text')}</p>
          <ButtonLink to="/packages" size="s">
            {t('clips:upsell.action')}
          </ButtonLink>
        </div>
      );
    }
    if (creation.step === 'processing') return <ClipProcessing clip={creation.clip} />;
    if (creation.step === 'ready') return <ClipReady clip={creation.clip} onAnother={reset} />;
    if (creation.step === 'failed') return <ClipFailed onRetry={reset} />;
    const { clips_used: used, clips_limit: limit } = list.data;
    return (
      <ClipForm
        form={form}
        tags={list.data.tags}
        player={player}
        rangeError={rangeError}
        alert={
          error && !isAtField(error) ? (
            <>
              {clipCreateErrorText(t, error, maxSeconds)}{' '}
              {isApiError(error) && error.code === 'clipping_not_allowed' ? (
                <Link to="/packages">{t('clips:upsell.action')}</Link>
              ) : null}
            </>
          ) : null
        }
        budget={limit === null ? null : t('clips:budget', { count: used, used, limit })}
        isSubmitting={isSubmitting}
        onSubmit={onSubmit}
      />
    );
  })();

  return <ClipToolFrame onClose={player.close}>{body}</ClipToolFrame>;
}
