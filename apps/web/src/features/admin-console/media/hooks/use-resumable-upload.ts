import {
  UPLOAD_LIMITS,
  UPLOAD_VIDEO_TYPES,
  type AdminUpload,
  type AdminUploadTarget,
} from '@rudy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { completeUpload, createUpload, getUpload, sendChunk } from '../api/uploads';
import {
  findUnfinishedUpload,
  forgetUnfinishedUpload,
  rememberUnfinishedUpload,
} from '../lib/unfinished-uploads';

type VideoType = (typeof UPLOAD_VIDEO_TYPES)[number];

const BY_EXTENSION: Record<string, VideoType> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** The browser's type when it knows one we take, else the extension's (MKV often has none). */
export function videoTypeOf(file: File): VideoType | null {
  if ((UPLOAD_VIDEO_TYPES as readonly string[]).includes(file.type)) return file.type as VideoType;
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

export type UploadPhase = 'idle' | 'uploading' | 'stalled' | 'done' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  sent: number;
  total: number;
  error: unknown;
}

const IDLE: UploadState = { phase: 'idle', sent: 0, total: 0, error: null };
/** A lost connection is tried again this many times (the offset asked each time) before stalling. */
const ATTEMPTS = 5;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const transient = (e: unknown) =>
  isApiError(e) && (e.status === 0 || e.status >= 500 || e.code === 'upload_offset');

/**
 * The upload this browser left unfinished for the same file and target, when the server still
 * takes its chunks; else a new one (remembered until it completes).
 */
async function uploadFor(file: File, target: AdminUploadTarget, contentType: VideoType) {
  const left = findUnfinishedUpload(file, target);
  if (left !== null) {
    const upload = await getUpload(left).catch(() => null);
    if (upload?.status === 'uploading' && upload.size_bytes === file.size) return upload;
    forgetUnfinishedUpload(left);
  }
  const upload = await createUpload({
    file_name: file.name,
    size_bytes: file.size,
    content_type: contentType,
    target,
  });
  rememberUnfinishedUpload(upload.id, file, target);
  return upload;
}

/**
 * Sends a file in chunks to a console upload, resuming from the server's offset after a lost
 * connection (automatically a few times, then by `resume`) or, when the same file is picked for
 * the same place after a reload, from where the unfinished upload stands; then completes it. The
 * job's progress after that is read from the uploads list.
 */
export function useResumableUpload(onCompleted: (upload: AdminUpload) => void) {
  const [state, setState] = useState<UploadState>(IDLE);
  const current = useRef<{ file: File; id: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (file: File, id: string, from: number) => {
      const controller = new AbortController();
      abort.current = controller;
      let offset = from;
      let failures = 0;
      setState({ phase: 'uploading', sent: offset, total: file.size, error: null });
      while (offset < file.size) {
        const chunk = file.slice(offset, offset + UPLOAD_LIMITS.chunkBytes);
        const start = offset;
        try {
          offset = await sendChunk(
            id,
            offset,
            chunk,
            (bytes) => setState((s) => ({ ...s, sent: start + bytes })),
            controller.signal,
          );
          failures = 0;
        } catch (error) {
          if (controller.signal.aborted) return;
          failures += 1;
          if (!transient(error) || failures > ATTEMPTS) throw error;
          await wait(500 * failures);
          offset = (await getUpload(id)).offset_bytes;
        }
        setState((s) => ({ ...s, sent: offset }));
      }
      const done = await completeUpload(id);
      forgetUnfinishedUpload(id);
      setState({ phase: 'done', sent: file.size, total: file.size, error: null });
      current.current = null;
      onCompleted(done);
    },
    [onCompleted],
  );

  const fail = (error: unknown) =>
    setState((s) => ({ ...s, phase: transient(error) ? 'stalled' : 'failed', error }));

  return {
    state,
    /** Starts a new upload of `file` to `target`. */
    start(file: File, target: AdminUploadTarget) {
      const contentType = videoTypeOf(file);
      if (contentType === null) return;
      setState({ phase: 'uploading', sent: 0, total: file.size, error: null });
      uploadFor(file, target, contentType)
        .then((upload) => {
          current.current = { file, id: upload.id };
          return run(file, upload.id, upload.offset_bytes);
        })
        .catch(fail);
    },
    /** Goes on from where the server stands (after a lost connection). */
    resume() {
      const c = current.current;
      if (!c) return;
      getUpload(c.id)
        .then((u) => run(c.file, c.id, u.offset_bytes))
        .catch(fail);
    },
    reset: () => setState(IDLE),
  };
}
