// hls.js publishes its light build as the "./light" export without a types entry; it has the same
// API as the full build minus subtitles, alternate audio, EME and CMCD, none of which we use.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
