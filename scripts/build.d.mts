// Types of what TypeScript code (the benches) imports from build.mjs.
import type { BuildOptions } from 'esbuild';

export declare const SERVER_BUNDLE_OPTIONS: BuildOptions;
