import type { ThemeColorName } from '@rudy/contracts';

/*
 * The demo channel as data: a fictional junior hockey league on the Ontario–Quebec border, which is
 * why every text exists in English and French and every arena keeps Eastern time. Tables are keyed by
 * short keys (e.g. 'wolves') that the seed resolves to database ids.
 */

/** A text in both channel languages; the seed never stores a half-translated field. */
export interface Bilingual {
  en: string;
  fr: string;
}

export const LEAGUE = {
  name: 'Northern Junior Hockey League',
  short: 'NJHL',
  tagline: 'NORTHERN JUNIOR HOCKEY LEAGUE',
  timeZone: 'America/Toronto',
  currency: 'CAD',
  contactEmail: 'info@njhl.example',
  socialLinks: [
    { name: 'facebook', url: 'https://www.facebook.com/njhl.demo' },
    { name: 'instagram', url: 'https://www.instagram.com/njhl.demo' },
    { name: 'youtube', url: 'https://www.youtube.com/@njhl.demo' },
  ],
} as const;

/*
 * Dark navy and ice blue. Checked pairs (WCAG contrast): text/background 16.2, text_muted/surface
 * 7.7, primary_text/primary 8.7, header 16.9, footer 11.4, white on live 5.0 (the live badge).
 */
export const THEME_COLORS: Record<ThemeColorName, string> = {
  primary: '#5BC0EB',
  primary_text: '#08182B',
  secondary: '#1C3557',
  accent: '#FFC845',
  background: '#0A1628',
  surface: '#12233B',
  text: '#EAF3FB',
  text_muted: '#A3B8CC',
  header_background: '#071120',
  header_text: '#EAF3FB',
  footer_background: '#050D19',
  footer_text: '#B7C8DA',
  live: '#D62839',
};

export type CategoryKey = 'u18' | 'u16' | 'women';

export interface CategorySeed {
  key: CategoryKey;
  alias: string;
  name: Bilingual;
  /** Short text drawn on the generated icon. */
  label: string;
  color: string;
}

// French names follow Hockey Québec usage: M18 ("moins de 18 ans") rather than U18.
export const CATEGORIES: readonly CategorySeed[] = [
  {
    key: 'u18',
    alias: 'hockey-u18',
    name: { en: 'Hockey U18', fr: 'Hockey M18' },
    label: 'U18',
    color: '#2D7DD2',
  },
  {
    key: 'u16',
    alias: 'hockey-u16',
    name: { en: 'Hockey U16', fr: 'Hockey M16' },
    label: 'U16',
    color: '#1F9E89',
  },
  {
    key: 'women',
    alias: 'womens-hockey',
    name: { en: "Women's Hockey", fr: 'Hockey féminin' },
    label: 'WOMEN',
    color: '#B83280',
  },
];

export type LocationKey = 'harbourfront' | 'rideau' | 'pionniers' | 'brendan' | 'tricounty';

export interface LocationSeed {
  key: LocationKey;
  name: string;
  address: string;
  city: string;
}

export const LOCATIONS: readonly LocationSeed[] = [
  {
    key: 'harbourfront',
    name: 'Harbourfront Memorial Arena',
    address: '45 Harbour Street',
    city: 'Kingston',
  },
  {
    key: 'rideau',
    name: 'Rideau Valley Sports Centre',
    address: '300 Riverside Drive',
    city: 'Ottawa',
  },
  {
    key: 'pionniers',
    name: 'Aréna des Pionniers',
    address: '200, rue des Pionniers',
    city: 'Gatineau',
  },
  { key: 'brendan', name: "St. Brendan's Ice Centre", address: '18 Abbey Lane', city: 'Cornwall' },
  // Neutral site for showcase games and the finals.
  {
    key: 'tricounty',
    name: 'Tri-County Sportsplex',
    address: '900 County Road 2',
    city: 'Brockville',
  },
];

export type SchoolKey = 'lakeshore' | 'brendan' | 'rideau' | 'laurent';

export interface SchoolSeed {
  key: SchoolKey;
  name: string;
  alias: string;
  monogram: string;
  colors: readonly [string, string];
  founded: number;
  homeArena: LocationKey;
}

export const SCHOOLS: readonly SchoolSeed[] = [
  {
    key: 'lakeshore',
    name: 'Lakeshore Collegiate',
    alias: 'lakeshore-collegiate',
    monogram: 'LC',
    colors: ['#1F5FBF', '#0D2F63'],
    founded: 1958,
    homeArena: 'harbourfront',
  },
  {
    key: 'brendan',
    name: "St. Brendan's Academy",
    alias: 'st-brendans-academy',
    monogram: 'SB',
    colors: ['#1E7A46', '#C9A227'],
    founded: 1931,
    homeArena: 'brendan',
  },
  {
    key: 'rideau',
    name: 'Rideau Valley Secondary School',
    alias: 'rideau-valley-ss',
    monogram: 'RV',
    colors: ['#B3262E', '#3A3F47'],
    founded: 1967,
    homeArena: 'rideau',
  },
  {
    key: 'laurent',
    name: 'Collège Saint-Laurent',
    alias: 'college-saint-laurent',
    monogram: 'SL',
    colors: ['#6B2D8F', '#D4A017'],
    founded: 1921,
    homeArena: 'pionniers',
  },
];

export type Gender = 'men' | 'women';
export type PropertyName = 'gender' | 'sport' | 'division' | 'league';

/** Labels of the team properties; their value lists are collected from TEAMS by the seed. */
export const PROPERTY_LABELS: Record<PropertyName, Bilingual> = {
  gender: { en: 'Gender', fr: 'Genre' },
  sport: { en: 'Sport', fr: 'Sport' },
  division: { en: 'Division', fr: 'Division' },
  league: { en: 'League', fr: 'Ligue' },
};

export const SPORT = 'Hockey';

export type TeamKey =
  | 'wolves'
  | 'knights'
  | 'rapids'
  | 'voyageurs'
  | 'rams'
  | 'squires'
  | 'lynx'
  | 'harfangs'
  | 'ravens';

export interface TeamSeed {
  key: TeamKey;
  name: string;
  /** The nickname alone, as used in event names ('Knights @ Wolves'); at most 12 characters. */
  shortName: string;
  alias: string;
  color: string;
  monogram: string;
  shape: 'shield' | 'circle';
  school: SchoolKey;
  category: CategoryKey;
  gender: Gender;
  division: string;
  league: string;
}

type TeamRow = Pick<
  TeamSeed,
  'key' | 'name' | 'shortName' | 'color' | 'monogram' | 'shape' | 'school' | 'category'
>;

const TEAM_ROWS: readonly TeamRow[] = [
  {
    key: 'wolves',
    name: 'Lakeshore Wolves',
    shortName: 'Wolves',
    color: '#1F5FBF',
    monogram: 'W',
    shape: 'shield',
    school: 'lakeshore',
    category: 'u18',
  },
  {
    key: 'knights',
    name: "St. Brendan's Knights",
    shortName: 'Knights',
    color: '#1E7A46',
    monogram: 'K',
    shape: 'circle',
    school: 'brendan',
    category: 'u18',
  },
  {
    key: 'rapids',
    name: 'Rideau Valley Rapids',
    shortName: 'Rapids',
    color: '#B3262E',
    monogram: 'R',
    shape: 'shield',
    school: 'rideau',
    category: 'u18',
  },
  {
    key: 'voyageurs',
    name: 'Saint-Laurent Voyageurs',
    shortName: 'Voyageurs',
    color: '#6B2D8F',
    monogram: 'V',
    shape: 'circle',
    school: 'laurent',
    category: 'u18',
  },
  {
    key: 'rams',
    name: 'Rideau Valley Rams',
    shortName: 'Rams',
    color: '#E0712B',
    monogram: 'R',
    shape: 'circle',
    school: 'rideau',
    category: 'u16',
  },
  {
    key: 'squires',
    name: "St. Brendan's Squires",
    shortName: 'Squires',
    color: '#C9A227',
    monogram: 'S',
    shape: 'shield',
    school: 'brendan',
    category: 'u16',
  },
  {
    key: 'lynx',
    name: 'Lakeshore Lynx',
    shortName: 'Lynx',
    color: '#00A6C8',
    monogram: 'L',
    shape: 'circle',
    school: 'lakeshore',
    category: 'women',
  },
  {
    key: 'harfangs',
    name: 'Saint-Laurent Harfangs',
    shortName: 'Harfangs',
    color: '#D4A017',
    monogram: 'H',
    shape: 'shield',
    school: 'laurent',
    category: 'women',
  },
  {
    key: 'ravens',
    name: 'Rideau Valley Ravens',
    shortName: 'Ravens',
    color: '#3A3F47',
    monogram: 'RV',
    shape: 'shield',
    school: 'rideau',
    category: 'women',
  },
];

// Boys' teams play in the NJHL proper; the girls' teams in its women's circuit, the NJWHL.
export const TEAMS: readonly TeamSeed[] = TEAM_ROWS.map((row) => {
  const women = row.category === 'women';
  return {
    ...row,
    // A URL slug of the full name, without accents or apostrophes: 'st-brendans-knights'.
    alias: row.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f']/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .toLowerCase(),
    gender: women ? 'women' : 'men',
    division: row.category === 'u16' ? 'U16' : 'U18',
    league: women ? 'NJWHL' : 'NJHL',
  };
});

export interface MenuSeed {
  title: Bilingual;
  url: string;
}

export const HEADER_MENU: readonly MenuSeed[] = [
  { title: { en: 'Home', fr: 'Accueil' }, url: '/' },
  { title: { en: 'Live', fr: 'En direct' }, url: '/live' },
  { title: { en: 'Schedule', fr: 'Calendrier' }, url: '/schedule' },
  { title: { en: 'On demand', fr: 'Sur demande' }, url: '/vod' },
  { title: { en: 'Library', fr: 'Vidéothèque' }, url: '/vod_library' },
  { title: { en: 'Packages', fr: 'Forfaits' }, url: '/packages' },
];

export const FOOTER_MENU: readonly MenuSeed[] = [
  { title: { en: 'About', fr: 'À propos' }, url: '/about' },
  { title: { en: 'FAQ', fr: 'FAQ' }, url: '/faq' },
  { title: { en: 'Contacts', fr: 'Nous joindre' }, url: '/contacts' },
  { title: { en: 'Privacy', fr: 'Confidentialité' }, url: '/privacy_policy' },
  { title: { en: 'Terms', fr: 'Conditions' }, url: '/terms_conditions' },
];
