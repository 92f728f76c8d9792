import { CLIP_LIMITS, type Clip } from '@rudy/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useCreateClip, type CreateClipInput } from '../api/create-clip';
import { useEventClips } from '../api/get-event-clips';

export interface CreationTiming {
  /** How often the game's clips are asked for while one is cut (spec: up to 5 minutes). */
  pollMs?: number;
  /** When the tool stops waiting and says 'clip creating failed'. */
  timeoutMs?: number;
}

type Step = { step: 'editing' } | { step: 'waiting'; clip: Clip; timedOut: boolean };

export type ClipCreation =
  | { step: 'editing' }
  | { step: 'processing'; clip: Clip }
  | { step: 'ready'; clip: Clip }
  | { step: 'failed'; clip: Clip };

/**
 * Requests a clip, then follows it in the game's clip list (asked every second) until the worker
 * has cut it, failed, or the time a cut may take has passed.
 */
export function useClipCreation(
  eventId: number,
  { pollMs = CLIP_LIMITS.pollMs, timeoutMs = CLIP_LIMITS.creationTimeoutMs }: CreationTiming = {},
) {
  const create = useCreateClip();
  const [state, setState] = useState<Step>({ step: 'editing' });
  const waiting = state.step === 'waiting' ? state : null;
  const polled = useEventClips(eventId);
  const latest = waiting ? polled.data?.data.find((c) => c.id === waiting.clip.id) : undefined;
  const creation: ClipCreation = !waiting
    ? { step: 'editing' }
    : latest?.status === 'success'
      ? { step: 'ready', clip: latest }
      : latest?.status === 'error' || waiting.timedOut
        ? { step: 'failed', clip: waiting.clip }
        : { step: 'processing', clip: latest ?? waiting.clip };
  const isProcessing = creation.step === 'processing';
  const refetch = polled.refetch;

  useEffect(() => {
    if (!isProcessing) return;
    const timer = setInterval(() => void refetch(), pollMs);
    return () => clearInterval(timer);
  }, [isProcessing, pollMs, refetch]);

  const waitingId = waiting?.clip.id;
  useEffect(() => {
    if (waitingId === undefined) return;
    const timer = setTimeout(
      () => setState((s) => (s.step === 'waiting' ? { ...s, timedOut: true } : s)),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [waitingId, timeoutMs]);

  const { mutateAsync, reset: resetRequest } = create;
  const submit = useCallback(
    (input: CreateClipInput) =>
      mutateAsync(input).then((clip) => {
        setState({ step: 'waiting', clip, timedOut: false });
        return clip;
      }),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    setState({ step: 'editing' });
    resetRequest();
  }, [resetRequest]);

  return { creation, submit, reset, isSubmitting: create.isPending, error: create.error };
}
