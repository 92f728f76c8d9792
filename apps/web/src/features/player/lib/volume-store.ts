import { STORAGE_KEYS, getItem, setItem } from '../../../lib/storage';

export interface VolumeSetting {
  volume: number;
  muted: boolean;
}

const DEFAULT_VOLUME: VolumeSetting = { volume: 1, muted: false };
/** Kept for a year: a volume is a preference, not a session. */
const VOLUME_TTL_MS = 365 * 86_400_000;

const clamp = (v: number) => Math.min(1, Math.max(0, v));

export function readVolume(): VolumeSetting {
  const stored = getItem(STORAGE_KEYS.playerVolume);
  if (!stored || typeof stored.volume !== 'number' || !Number.isFinite(stored.volume)) {
    return DEFAULT_VOLUME;
  }
  return { volume: clamp(stored.volume), muted: stored.muted };
}

export function saveVolume(setting: VolumeSetting) {
  setItem(
    STORAGE_KEYS.playerVolume,
    { volume: clamp(setting.volume), muted: setting.muted },
    VOLUME_TTL_MS,
  );
}
