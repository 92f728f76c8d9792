/** Every VOD library query starts with this key. */
export const VOD_KEY = 'vod';
