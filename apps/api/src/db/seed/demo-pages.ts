import type { Bilingual } from './demo-content.js';

/*
 * The channel's pages. Content is plain text with paragraphs separated by blank lines, which is what
 * PageSchema.content promises the web app. Contact details use reserved example values (.example
 * domain, 555-01xx phone numbers) so the demo never points at a real person.
 */

export interface PageSeed {
  url: string;
  kind: 'about' | 'privacy_policy' | 'terms_conditions' | 'contacts' | 'faq' | 'custom';
  name: Bilingual;
  content: Bilingual;
}

function paragraphs(...items: string[]): string {
  return items.join('\n\n');
}

const about: PageSeed = {
  url: '/about',
  kind: 'about',
  name: { en: 'About the NJHL', fr: 'À propos de la LHJN' },
  content: {
    en: paragraphs(
      'The Northern Junior Hockey League brings together four schools from Eastern Ontario and the Outaouais: Lakeshore Collegiate, St. Brendan’s Academy, Rideau Valley Secondary School and Collège Saint-Laurent.',
      'Nine teams compete across three divisions: U18, U16 and the women’s circuit (NJWHL). The regular season runs from September to March, followed by the championship finals at the Tri-County Sportsplex in Brockville.',
      'Every game is produced by student crews trained in the schools’ broadcast programs and streamed here, live and on demand, so that families, alumni and scouts never miss a shift.',
      'The league is run by volunteers and school athletic directors. Streaming revenue goes back to ice time, equipment bursaries and the broadcast programs themselves.',
    ),
    fr: paragraphs(
      'La Ligue de hockey junior du Nord réunit quatre écoles de l’Est ontarien et de l’Outaouais : Lakeshore Collegiate, St. Brendan’s Academy, Rideau Valley Secondary School et le Collège Saint-Laurent.',
      'Neuf équipes s’affrontent dans trois divisions : M18, M16 et le circuit féminin (NJWHL). La saison régulière se déroule de septembre à mars et se termine par les finales du championnat au Tri-County Sportsplex de Brockville.',
      'Chaque match est réalisé par des équipes d’élèves formées dans les programmes de production télévisuelle des écoles, puis diffusé ici en direct et sur demande, pour que les familles, les anciens et les recruteurs ne manquent aucune présence.',
      'La ligue est gérée par des bénévoles et les responsables sportifs des écoles. Les revenus de diffusion financent les heures de glace, des bourses d’équipement et les programmes de production eux-mêmes.',
    ),
  },
};

const contacts: PageSeed = {
  url: '/contacts',
  kind: 'contacts',
  name: { en: 'Contact us', fr: 'Nous joindre' },
  content: {
    en: paragraphs(
      'Viewer support: info@njhl.example. We answer within one business day, and on game nights until the last final horn.',
      'Phone: 613-555-0142, Monday to Friday, 9 a.m. to 5 p.m. Eastern time.',
      'League office: 100 Faceoff Way, Suite 200, Ottawa, Ontario.',
      'For a billing question, please include the email address of your account and the order number shown under My account > Orders.',
    ),
    fr: paragraphs(
      'Soutien aux spectateurs : info@njhl.example. Nous répondons en un jour ouvrable, et les soirs de match jusqu’à la sirène finale.',
      'Téléphone : 613-555-0142, du lundi au vendredi, de 9 h à 17 h (heure de l’Est).',
      'Bureau de la ligue : 100 Faceoff Way, bureau 200, Ottawa (Ontario).',
      'Pour une question de facturation, indiquez l’adresse courriel de votre compte et le numéro de commande affiché sous Mon compte > Commandes.',
    ),
  },
};

const faq: PageSeed = {
  url: '/faq',
  kind: 'faq',
  name: { en: 'Frequently asked questions', fr: 'Foire aux questions' },
  content: {
    en: paragraphs(
      'Answers to the questions we hear most often about watching NJHL games, passes and subscriptions.',
      'Still stuck? Write to info@njhl.example and a member of the league staff will help you.',
    ),
    fr: paragraphs(
      'Les réponses aux questions qu’on nous pose le plus souvent sur le visionnement des matchs de la LHJN, les passes et les abonnements.',
      'Encore bloqué? Écrivez à info@njhl.example et un membre du personnel de la ligue vous aidera.',
    ),
  },
};

const privacy: PageSeed = {
  url: '/privacy_policy',
  kind: 'privacy_policy',
  name: { en: 'Privacy policy', fr: 'Politique de confidentialité' },
  content: {
    en: paragraphs(
      'This policy explains what the Northern Junior Hockey League collects when you use this streaming site, and why.',
      'Account information: your name, email address, language and newsletter choice. We use it to run your account, send receipts and, only if you opt in, the league newsletter.',
      'Payments: card payments are handled by our payment provider. We never see or store your full card number; we keep the order, the amount and its status.',
      'Viewing data: we record page visits, sign-ins, which games you watch and for how long. This helps us plan coverage and report audiences to our member schools in aggregate form only.',
      'Cookies and local storage keep you signed in, remember your language and measure the site. You can clear them at any time in your browser.',
      'You may ask for a copy of your data, its correction or the deletion of your account by writing to info@njhl.example. Deleting your account from your profile removes your personal data within 30 days, except what the law requires us to keep for tax purposes.',
    ),
    fr: paragraphs(
      'La présente politique explique quels renseignements la Ligue de hockey junior du Nord recueille lorsque vous utilisez ce site de diffusion, et pourquoi.',
      'Renseignements de compte : votre nom, votre adresse courriel, votre langue et votre choix concernant l’infolettre. Nous les utilisons pour gérer votre compte, envoyer les reçus et, seulement si vous y consentez, l’infolettre de la ligue.',
      'Paiements : les paiements par carte sont traités par notre fournisseur de paiement. Nous ne voyons ni ne conservons jamais le numéro complet de votre carte; nous conservons la commande, son montant et son statut.',
      'Données de visionnement : nous enregistrons les pages visitées, les connexions, les matchs regardés et leur durée. Cela nous aide à planifier la couverture et à rendre compte de l’auditoire aux écoles membres, uniquement sous forme agrégée.',
      'Les témoins (cookies) et le stockage local vous gardent connecté, retiennent votre langue et mesurent la fréquentation du site. Vous pouvez les effacer en tout temps dans votre navigateur.',
      'Vous pouvez demander une copie de vos données, leur correction ou la suppression de votre compte en écrivant à info@njhl.example. La suppression du compte depuis votre profil efface vos données personnelles dans un délai de 30 jours, sauf ce que la loi nous oblige à conserver à des fins fiscales.',
    ),
  },
};

const terms: PageSeed = {
  url: '/terms_conditions',
  kind: 'terms_conditions',
  name: { en: 'Terms and conditions', fr: 'Conditions d’utilisation' },
  content: {
    en: paragraphs(
      'By creating an account or buying access on this site you agree to these terms.',
      'Access: a single-game purchase covers that game live and on demand. Passes cover the games of their division or team for the current season. Some games are free, and some are open to any registered viewer.',
      'Subscriptions and trials: a subscription with a free trial starts charging your card automatically when the trial ends unless you cancel before then. Monthly plans renew every 30 days and annual plans every 12 months until you turn off auto-renewal in your profile.',
      'All sales are final. We do not offer refunds, including for unused parts of a subscription period. If a game cannot be played or streamed, we will make it available on demand or credit your account.',
      'Clips and downloads are for personal, non-commercial use. Do not re-stream, sell or publicly broadcast league video.',
      'Some content may be unavailable in your region because of broadcast rights. Accounts are personal; sharing a login may lead to its suspension.',
    ),
    fr: paragraphs(
      'En créant un compte ou en achetant un accès sur ce site, vous acceptez les présentes conditions.',
      'Accès : l’achat d’un match donne accès à ce match en direct et sur demande. Les passes donnent accès aux matchs de leur division ou de leur équipe pour la saison en cours. Certains matchs sont gratuits, d’autres sont ouverts à tout spectateur inscrit.',
      'Abonnements et essais : un abonnement avec essai gratuit est facturé automatiquement à la fin de l’essai, à moins que vous ne l’annuliez avant. Les forfaits mensuels se renouvellent tous les 30 jours et les forfaits annuels tous les 12 mois, jusqu’à ce que vous désactiviez le renouvellement automatique dans votre profil.',
      'Toutes les ventes sont finales. Nous n’offrons aucun remboursement, y compris pour la partie inutilisée d’une période d’abonnement. Si un match ne peut être joué ou diffusé, nous le rendrons disponible sur demande ou créditerons votre compte.',
      'Les extraits et les téléchargements sont réservés à un usage personnel et non commercial. Il est interdit de rediffuser, de vendre ou de diffuser publiquement les vidéos de la ligue.',
      'Certains contenus peuvent être indisponibles dans votre région en raison des droits de diffusion. Les comptes sont personnels; le partage d’identifiants peut entraîner la suspension du compte.',
    ),
  },
};

const rules: PageSeed = {
  url: '/rules',
  kind: 'custom',
  name: { en: 'League rules', fr: 'Règlements de la ligue' },
  content: {
    en: paragraphs(
      'NJHL games follow Hockey Canada playing rules, with the league adjustments below.',
      'Game length: U18 and women’s games are three 20-minute stop-time periods; U16 games are three 15-minute periods. Each team has one 30-second timeout per game.',
      'Overtime: a tied regular-season game goes to five minutes of three-on-three, then a three-round shootout. Finals are played to a winner with 20-minute five-on-five overtime periods.',
      'Standings: two points for a win, one for an overtime or shootout loss, none for a regulation loss. Ties in the standings are broken by regulation wins, then head-to-head record.',
      'Safety: full face protection and neck guards are mandatory in every division. Body checking is allowed in U18 and U16; women’s games are played without body checking.',
      'Conduct: a player who receives a game misconduct sits out the next game. Spectators are expected to respect officials, who are often students themselves.',
    ),
    fr: paragraphs(
      'Les matchs de la LHJN suivent les règles de jeu de Hockey Canada, avec les adaptations de la ligue décrites ci-dessous.',
      'Durée des matchs : les matchs M18 et féminins comptent trois périodes de 20 minutes à temps arrêté; les matchs M16, trois périodes de 15 minutes. Chaque équipe dispose d’un temps d’arrêt de 30 secondes par match.',
      'Prolongation : un match nul en saison régulière se poursuit par cinq minutes à trois contre trois, puis une fusillade de trois tours. Les finales se jouent jusqu’à la victoire, avec des prolongations de 20 minutes à cinq contre cinq.',
      'Classement : deux points pour une victoire, un point pour une défaite en prolongation ou en fusillade, aucun pour une défaite en temps réglementaire. Les égalités au classement sont départagées par les victoires en temps réglementaire, puis par les affrontements directs.',
      'Sécurité : la protection faciale complète et le protège-cou sont obligatoires dans toutes les divisions. La mise en échec est permise en M18 et en M16; les matchs féminins se jouent sans mise en échec.',
      'Conduite : un joueur qui reçoit une inconduite de match est suspendu pour le match suivant. Les spectateurs doivent respecter les officiels, qui sont souvent eux-mêmes des élèves.',
    ),
  },
};

export const PAGES: readonly PageSeed[] = [about, rules, faq, contacts, privacy, terms];
