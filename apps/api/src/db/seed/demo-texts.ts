import type { Bilingual, CategoryKey, SchoolKey, TeamKey } from './demo-content.js';

/* Short channel texts: FAQ entries, static blocks and home-page slides. */

export interface FaqSeed {
  question: Bilingual;
  answer: Bilingual;
}

export const FAQ: readonly FaqSeed[] = [
  {
    question: { en: 'How do I watch a game?', fr: 'Comment regarder un match?' },
    answer: {
      en: 'Open the schedule or the Live page and pick a game. Free games play right away; others ask you to sign in or buy access first.',
      fr: 'Ouvrez le calendrier ou la page En direct et choisissez un match. Les matchs gratuits démarrent immédiatement; les autres vous demandent de vous connecter ou d’acheter un accès.',
    },
  },
  {
    question: {
      en: 'What is the difference between free, registered and paid games?',
      fr: 'Quelle est la différence entre les matchs gratuits, réservés aux membres et payants?',
    },
    answer: {
      en: 'Free games are open to everyone. Registered games only need a free account. Paid games, including pay-per-view finals, need a single-game purchase, a pass or a subscription.',
      fr: 'Les matchs gratuits sont ouverts à tous. Les matchs réservés aux membres demandent seulement un compte gratuit. Les matchs payants, y compris les finales à la carte, exigent l’achat du match, une passe ou un abonnement.',
    },
  },
  {
    question: { en: 'How does the free trial work?', fr: 'Comment fonctionne l’essai gratuit?' },
    answer: {
      en: 'The monthly subscription starts with a 7-day free trial. Your card is charged automatically when the trial ends unless you cancel auto-renewal before then.',
      fr: 'L’abonnement mensuel commence par un essai gratuit de 7 jours. Votre carte est débitée automatiquement à la fin de l’essai, à moins que vous n’annuliez le renouvellement automatique avant.',
    },
  },
  {
    question: {
      en: 'How do I cancel auto-renewal?',
      fr: 'Comment annuler le renouvellement automatique?',
    },
    answer: {
      en: 'Open My account, go to Passes and choose Cancel auto-renewal. You keep access until the end of the period you paid for.',
      fr: 'Ouvrez Mon compte, allez dans Passes et choisissez Désactiver le renouvellement automatique. Vous gardez l’accès jusqu’à la fin de la période payée.',
    },
  },
  {
    question: { en: 'Can I get a refund?', fr: 'Puis-je obtenir un remboursement?' },
    answer: {
      en: 'All sales are final and we do not offer refunds. If a game cannot be streamed, we make it available on demand or credit your account.',
      fr: 'Toutes les ventes sont finales et nous n’offrons aucun remboursement. Si un match ne peut être diffusé, nous le rendons disponible sur demande ou créditons votre compte.',
    },
  },
  {
    question: { en: 'How do I make a clip?', fr: 'Comment créer un extrait?' },
    answer: {
      en: 'While watching, choose Clip, set the start and end time, give it a name and a tag, then save. Clips are ready within five minutes and appear under My account > Clips.',
      fr: 'Pendant le visionnement, choisissez Extrait, réglez le début et la fin, donnez-lui un nom et une étiquette, puis enregistrez. Les extraits sont prêts en moins de cinq minutes et apparaissent sous Mon compte > Extraits.',
    },
  },
  {
    question: {
      en: 'Why does a game say it is not available in my region?',
      fr: 'Pourquoi un match est-il indisponible dans ma région?',
    },
    answer: {
      en: 'Some games are covered by broadcast agreements that limit where they can be streamed. Those restrictions come from the rights holders and apply to every viewer in the area.',
      fr: 'Certains matchs sont visés par des ententes de diffusion qui limitent les endroits où ils peuvent être diffusés. Ces restrictions proviennent des détenteurs de droits et s’appliquent à tous les spectateurs de la région.',
    },
  },
  {
    question: { en: 'Which devices are supported?', fr: 'Quels appareils sont pris en charge?' },
    answer: {
      en: 'Any recent version of Chrome, Edge, Firefox or Safari on a computer, phone or tablet. A connection of 5 Mbit/s or more gives the best picture.',
      fr: 'Toute version récente de Chrome, Edge, Firefox ou Safari sur ordinateur, téléphone ou tablette. Une connexion de 5 Mbit/s ou plus offre la meilleure image.',
    },
  },
];

export interface StaticBlockSeed {
  alias: string;
  title: Bilingual;
  content: Bilingual;
}

export const STATIC_BLOCKS: readonly StaticBlockSeed[] = [
  {
    alias: 'home_intro',
    title: { en: 'Junior hockey, every shift', fr: 'Le hockey junior, chaque présence' },
    content: {
      en: 'Nine teams, four schools, one league. Watch every NJHL game live or catch up on demand.',
      fr: 'Neuf équipes, quatre écoles, une ligue. Regardez chaque match de la LHJN en direct ou en différé.',
    },
  },
  {
    alias: 'footer_about',
    title: { en: 'Northern Junior Hockey League', fr: 'Ligue de hockey junior du Nord' },
    content: {
      en: 'Student-produced broadcasts of U18, U16 and women’s hockey from Eastern Ontario and the Outaouais.',
      fr: 'Des matchs de hockey M18, M16 et féminin de l’Est ontarien et de l’Outaouais, réalisés par des élèves.',
    },
  },
  {
    alias: 'cookie_notice',
    title: { en: 'Cookies', fr: 'Témoins' },
    content: {
      en: 'We use cookies and local storage to keep you signed in, remember your language and measure audiences. See our privacy policy for details.',
      fr: 'Nous utilisons des témoins et le stockage local pour vous garder connecté, retenir votre langue et mesurer l’auditoire. Consultez notre politique de confidentialité pour en savoir plus.',
    },
  },
];

/**
 * The demo's contact form (a custom form, shown on /contacts and at /forms/contact): one of each
 * field type the generic renderer knows, texts in both languages.
 */
export const CONTACT_FORM = {
  alias: 'contact',
  definition: {
    title: { en: 'Write to the league', fr: 'Écrire à la ligue' },
    description: {
      en: 'Questions about a broadcast, your pass or your account. We answer within two school days.',
      fr: 'Une question sur une diffusion, votre passe ou votre compte? Nous répondons en deux jours d’école.',
    },
    fields: [
      {
        name: 'name',
        label: { en: 'Your name', fr: 'Votre nom' },
        required: true,
        max_length: 100,
      },
      { name: 'email', type: 'email', label: { en: 'Email', fr: 'Courriel' }, required: true },
      {
        name: 'phone',
        type: 'phone',
        label: { en: 'Phone (optional)', fr: 'Téléphone (facultatif)' },
      },
      {
        name: 'topic',
        type: 'select',
        label: { en: 'Topic', fr: 'Sujet' },
        required: true,
        options: [
          { value: 'broadcast', label: { en: 'A broadcast', fr: 'Une diffusion' } },
          { value: 'billing', label: { en: 'Passes and billing', fr: 'Passes et facturation' } },
          { value: 'account', label: { en: 'My account', fr: 'Mon compte' } },
        ],
      },
      {
        name: 'message',
        label: { en: 'Message', fr: 'Message' },
        required: true,
        min_length: 10,
        max_length: 2000,
        multiline: true,
      },
      {
        name: 'reply_by_phone',
        type: 'checkbox',
        label: { en: 'Call me back instead of writing', fr: 'Rappelez-moi plutôt que d’écrire' },
      },
    ],
  },
} as const;

/** What a slide points at; the seed turns it into slidable_id and an in-app link. */
export type SlideTarget =
  | { type: 'main'; path: string }
  | { type: 'category'; category: CategoryKey }
  | { type: 'participant'; team: TeamKey }
  | { type: 'group'; school: SchoolKey };

export interface SlideSeed {
  target: SlideTarget;
  title: Bilingual;
  subtitle: Bilingual;
}

export const SLIDES: readonly SlideSeed[] = [
  {
    target: { type: 'main', path: '/live' },
    title: {
      en: 'Every game. Live and on demand.',
      fr: 'Tous les matchs. En direct et sur demande.',
    },
    subtitle: {
      en: 'The whole NJHL season, streamed by the student crews of our four schools.',
      fr: 'Toute la saison de la LHJN, diffusée par les équipes de production de nos quatre écoles.',
    },
  },
  {
    target: { type: 'category', category: 'women' },
    title: { en: 'The women’s race is wide open', fr: 'La course chez les femmes est ouverte' },
    subtitle: {
      en: 'Lynx, Harfangs and Ravens battle for a spot in the final.',
      fr: 'Les Lynx, les Harfangs et les Ravens se disputent une place en finale.',
    },
  },
  {
    target: { type: 'participant', team: 'voyageurs' },
    title: { en: 'Voyageurs on the road', fr: 'Les Voyageurs sur la route' },
    subtitle: {
      en: 'Follow Saint-Laurent’s U18 team through the stretch run.',
      fr: 'Suivez l’équipe M18 de Saint-Laurent dans le dernier droit.',
    },
  },
  {
    target: { type: 'group', school: 'lakeshore' },
    title: { en: 'Lakeshore Collegiate', fr: 'Lakeshore Collegiate' },
    subtitle: {
      en: 'Wolves and Lynx, all season long, from Harbourfront Memorial Arena.',
      fr: 'Les Wolves et les Lynx, toute la saison, depuis le Harbourfront Memorial Arena.',
    },
  },
];
