/*
 * Generated artwork for the demo channel. Every image is a small SVG returned as a data URI, so the
 * demo needs no media files, no network and no fonts (system-ui with a sans-serif fallback). The same
 * input always yields the same bytes, which keeps the seed reproducible.
 */

const FONT = 'system-ui,sans-serif';

// Everything that could end an attribute, a CSS url() or a query string is escaped; the rest stays
// readable, which keeps the URIs well under the 2 KB budget.
const UNSAFE = /[\s"'%#<>(){}|\\^`&]|[^\x20-\x7e]/gu;

/** Turns SVG markup into a `data:image/svg+xml,` URI that is safe in HTML attributes and CSS. */
export function svgDataUri(svg: string): string {
  const compact = svg.replace(/\s+/g, ' ').replace(/> </g, '><').trim();
  const encoded = compact.replace(UNSAFE, (ch) =>
    ch.length === 1 && ch <= '~'
      ? `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
      : encodeURIComponent(ch),
  );
  return `data:image/svg+xml,${encoded}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mixColor(a: string, b: string, t: number): string {
  const [ca, cb] = [rgb(a), rgb(b)];
  const out = ca.map((v, i) => Math.round(v + ((cb[i] ?? 0) - v) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, used to pick a readable ink for a coloured surface. */
export function luminance(hex: string): number {
  const lin = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
}

function inkFor(hex: string): string {
  return luminance(hex) > 0.35 ? '#0a1628' : '#ffffff';
}

function monogramText(text: string, x: number, y: number, size: number, fill: string): string {
  return (
    `<text x='${x}' y='${y}' font-family='${FONT}' font-weight='800' font-size='${size}' ` +
    `text-anchor='middle' dominant-baseline='central' fill='${fill}'>${escapeXml(text)}</text>`
  );
}

function svg(viewBox: string, body: string): string {
  return svgDataUri(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='${viewBox}'>${body}</svg>`);
}

export interface LogoArt {
  monogram: string;
  color: string;
  shape: 'shield' | 'circle';
}

/** A team logo: a shield or a roundel in the team colour with its monogram. */
export function teamLogo({ monogram, color, shape }: LogoArt): string {
  const rim = mixColor(color, '#000000', 0.45);
  const ink = inkFor(color);
  const size = monogram.length > 1 ? 34 : 46;
  if (shape === 'circle') {
    return svg(
      '0 0 100 100',
      `<circle cx='50' cy='50' r='47' fill='${rim}'/><circle cx='50' cy='50' r='40' fill='${color}'/>` +
        `<circle cx='50' cy='50' r='34' fill='none' stroke='${ink}' stroke-opacity='.45' stroke-width='2'/>` +
        monogramText(monogram, 50, 52, size, ink),
    );
  }
  const outline = 'M50,4L93,17V48C93,73,75,89,50,97C25,89,7,73,7,48V17Z';
  return svg(
    '0 0 100 100',
    `<path d='${outline}' fill='${color}' stroke='${rim}' stroke-width='5' stroke-linejoin='round'/>` +
      `<path d='M9,72L50,59L91,72V80L50,67L9,80Z' fill='${ink}' opacity='.22'/>` +
      monogramText(monogram, 50, 42, size, ink),
  );
}

export interface CrestArt {
  monogram: string;
  colors: readonly [string, string];
  founded: number;
}

/** A school crest: a parted heater shield with a chevron, the monogram and a founding-year ribbon. */
export function schoolCrest({ monogram, colors, founded }: CrestArt): string {
  const [main, second] = colors;
  const rim = mixColor(main, '#000000', 0.5);
  return svg(
    '0 0 100 120',
    `<path d='M10,8H90V58C90,86,72,104,50,114C28,104,10,86,10,58Z' fill='${main}' stroke='${rim}' stroke-width='4'/>` +
      `<path d='M50,8H90V58C90,86,72,104,50,114Z' fill='${second}' opacity='.9'/>` +
      `<path d='M12,66L50,44L88,66V77L50,55L12,77Z' fill='#ffffff' opacity='.85'/>` +
      monogramText(monogram, 50, 31, 26, '#ffffff') +
      `<path d='M4,88H96L90,97L96,106H4L10,97Z' fill='${rim}'/>` +
      `<text x='50' y='98' font-family='${FONT}' font-weight='700' font-size='9' letter-spacing='1.5' ` +
      `text-anchor='middle' dominant-baseline='central' fill='#ffffff'>EST. ${founded}</text>`,
  );
}

export interface CategoryArt {
  label: string;
  color: string;
}

/** A square category icon: crossed sticks over a puck on an icy tile, with a short label. */
export function categoryIcon({ label, color }: CategoryArt): string {
  const dark = mixColor(color, '#0a1628', 0.7);
  // One stick leaning right; the second is its mirror image, so the blades point outwards.
  const stick = `<path d='M47,6H52L57,56L68,62L66,67H53Z' fill='#eaf3fb' transform='rotate(-24 50 36)'/>`;
  const size = label.length > 4 ? 13 : 18;
  return svg(
    '0 0 100 100',
    `<defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${color}'/>` +
      `<stop offset='1' stop-color='${dark}'/></linearGradient></defs>` +
      `<rect width='100' height='100' rx='18' fill='url(#g)'/>` +
      `<g opacity='.92'>${stick}<g transform='matrix(-1 0 0 1 100 0)'>${stick}</g></g>` +
      `<ellipse cx='50' cy='68' rx='9' ry='3.5' fill='#0a1628'/>` +
      `<text x='50' y='85' font-family='${FONT}' font-weight='800' font-size='${size}' ` +
      `text-anchor='middle' dominant-baseline='central' fill='#ffffff'>${escapeXml(label)}</text>`,
  );
}

export interface WordmarkArt {
  short: string;
  tagline: string;
  color: string;
  accent: string;
}

/** The channel logo: an emblem and a wide wordmark in light ink for the dark header. */
export function channelLogo({ short, tagline, color, accent }: WordmarkArt): string {
  // textLength pins the text width, so the layout holds whatever sans-serif the viewer has.
  return svg(
    '0 0 260 64',
    `<path d='M32,3L58,13V33C58,48,47,58,32,62C17,58,6,48,6,33V13Z' fill='${color}'/>` +
      `<path d='M32,12L35,26L48,24L37,32L44,44L32,36L20,44L27,32L16,24L29,26Z' fill='#0a1628'/>` +
      `<rect x='68' y='40' width='186' height='2' fill='${accent}'/>` +
      `<text x='68' y='23' textLength='100' lengthAdjust='spacing' font-family='${FONT}' ` +
      `font-weight='800' font-size='32' dominant-baseline='central' fill='#eaf3fb'>${escapeXml(short)}</text>` +
      `<text x='68' y='53' textLength='186' lengthAdjust='spacing' font-family='${FONT}' ` +
      `font-weight='600' font-size='10' dominant-baseline='central' fill='#a3b8cc'>${escapeXml(tagline)}</text>`,
  );
}

/** Rink markings shared by the 16:9 images: centre line, blue lines and the centre circle. */
function rinkLines(opacity: number): string {
  return (
    `<g fill='none' stroke='#ffffff' stroke-opacity='${opacity}' stroke-width='.8'>` +
    `<circle cx='80' cy='45' r='16'/><path d='M80,0V90'/><path d='M52,0V90M108,0V90' stroke='#5bc0eb'/>` +
    `</g><circle cx='80' cy='45' r='1.6' fill='#ffffff' fill-opacity='${opacity * 2}'/>`
  );
}

export interface BannerArt {
  from: string;
  to: string;
  monogram?: string;
}

/** A 16:9 slide image: a diagonal gradient, rink markings, light streaks and an optional monogram. */
export function bannerImage({ from, to, monogram }: BannerArt): string {
  const mark = monogram
    ? `<text x='126' y='47' font-family='${FONT}' font-weight='900' ` +
      `font-size='${monogram.length > 1 ? 34 : 46}' text-anchor='middle' ` +
      `dominant-baseline='central' fill='#ffffff' fill-opacity='.16'>${escapeXml(monogram)}</text>`
    : '';
  return svg(
    '0 0 160 90',
    `<defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${from}'/>` +
      `<stop offset='1' stop-color='${to}'/></linearGradient></defs>` +
      `<rect width='160' height='90' fill='url(#g)'/>${rinkLines(0.22)}` +
      `<path d='M0,70L160,22V34L0,82Z' fill='#ffffff' opacity='.07'/>` +
      `<path d='M0,86L160,38V42L0,90Z' fill='#ffffff' opacity='.1'/>${mark}`,
  );
}

export interface MatchupArt {
  away: { monogram: string; color: string };
  home: { monogram: string; color: string };
}

/** A 16:9 event image: the two team colours split on a diagonal, each with its monogram badge. */
export function matchupImage({ away, home }: MatchupArt): string {
  const badge = (x: number, team: MatchupArt['away']) =>
    `<circle cx='${x}' cy='45' r='19' fill='${team.color}' stroke='#ffffff' stroke-width='2.5'/>` +
    monogramText(team.monogram, x, 46, team.monogram.length > 1 ? 15 : 20, inkFor(team.color));
  return svg(
    '0 0 160 90',
    `<rect width='160' height='90' fill='${mixColor(home.color, '#0a1628', 0.55)}'/>` +
      `<path d='M0,0H92L68,90H0Z' fill='${mixColor(away.color, '#0a1628', 0.55)}'/>${rinkLines(0.2)}` +
      `${badge(38, away)}${badge(122, home)}` +
      `<circle cx='80' cy='45' r='9' fill='#0a1628'/>` +
      `<text x='80' y='45' font-family='${FONT}' font-weight='700' font-size='10' text-anchor='middle' ` +
      `dominant-baseline='central' fill='#eaf3fb'>@</text>`,
  );
}
