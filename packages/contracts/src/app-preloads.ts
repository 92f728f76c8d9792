/**
 * The id of the `<template>` in the served index.html that holds the app's preload links: the
 * entry adds them once the splash has been drawn (apps/web/src/app/splash-paint.ts). A module of
 * its own: the entry imports it, and nothing of the app's start-up (which the web build bundles
 * with its dependencies into one chunk) may ride along, or the entry would load that chunk first.
 */
export const APP_PRELOADS_ELEMENT_ID = 'app-preloads';

/**
 * The entry's early start of a returning viewer's game (apps/web/src/app/early-watch.ts), as the
 * web build's manifest names it. It is one of the entry's dynamic imports but not the app: the
 * entry asks for it only on a watch page, so a page's preload links and its JavaScript's measured
 * size leave it out.
 */
export const EARLY_WATCH_MODULE = 'src/app/early-watch.ts';
