import type { AdminUploadTarget } from '@rudy/contracts';
import { getItem, setItem, STORAGE_KEYS, type StoredValues } from '../../../../lib/storage';

/**
 * Uploads this browser started and has not finished, so that picking the same file again after a
 * reload (or a closed tab) goes on from the server's offset instead of sending it all again. A
 * file is known by its name, size and modification time, with the place it was going to.
 */
const KEPT_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 20;

/** An upload's id, its file (name, size, modification time) and its target (as JSON). */
export type UnfinishedUpload = StoredValues['unfinished_uploads'][number];

const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
const targetKey = (target: AdminUploadTarget) => JSON.stringify(target);
const kept = () => getItem(STORAGE_KEYS.unfinishedUploads) ?? [];

/** The upload to resume for this file and target, if this browser left one unfinished. */
export function findUnfinishedUpload(file: File, target: AdminUploadTarget): string | null {
  const f = fileKey(file);
  const t = targetKey(target);
  return kept().find((u) => u.file === f && u.target === t)?.id ?? null;
}

export function rememberUnfinishedUpload(id: string, file: File, target: AdminUploadTarget) {
  const entry: UnfinishedUpload = { id, file: fileKey(file), target: targetKey(target) };
  const others = kept().filter(
    (u) => u.id !== id && !(u.file === entry.file && u.target === entry.target),
  );
  setItem(STORAGE_KEYS.unfinishedUploads, [...others, entry].slice(-MAX_KEPT), KEPT_MS);
}

export function forgetUnfinishedUpload(id: string) {
  const left = kept().filter((u) => u.id !== id);
  setItem(STORAGE_KEYS.unfinishedUploads, left, KEPT_MS);
}
