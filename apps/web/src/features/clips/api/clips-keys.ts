/** Every clips query starts with this key: a change to one clip refreshes all the lists. */
export const CLIPS_KEY = 'clips';
