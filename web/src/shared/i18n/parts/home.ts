import { addMessages } from '../messages';

/** Italian texts of "home" (see ../it.ts); imported by every module that uses one of them. */
export const home = {
  // Home
  'home.eyebrow': 'Interior design su misura',
  'home.title': "Trova l'interior designer che parla il tuo stile",
  'home.lead':
    'Rispondi a sette domande per immagini: scopri il tuo profilo di stile e incontra i designer più affini a te, pronti ad ascoltarti in videochiamata.',
  'home.startTest': 'Inizia il test di stile',
  'home.registerDesigner': 'Sei un designer? Registrati',
  'home.testNote': 'Sette domande, circa due minuti. Gratis e senza registrazione.',
  'home.heroAlt': 'Illustrazione di un soggiorno luminoso con arco, divano, lampada e pianta',
  'home.howTitle': 'Come funziona',
  'home.howLead': 'Dal gusto che hai già al progetto che vorresti, in tre passaggi.',
  'home.step1Title': 'Racconta il tuo gusto',
  'home.step1Body':
    "Sette domande visive su ambienti, materiali e atmosfere. Nessuna risposta è sbagliata: scegli d'istinto ciò che ti somiglia.",
  'home.step2Title': 'Scopri il tuo stile',
  'home.step2Body':
    'Ricevi il tuo profilo: lo stile dominante tra i cinque di Interno e le percentuali di ciascuno, per dare un nome a ciò che ami.',
  'home.step3Title': 'Incontra il tuo designer',
  'home.step3Body':
    'Ti proponiamo i designer più affini al tuo profilo. Guarda i loro progetti, scrivi loro e prenota una videochiamata.',
  'home.stylesTitle': 'Cinque stili, una casa che ti somiglia',
  'home.stylesLead': 'Ogni designer di Interno è associato a uno stile: il test ti dice quale parla di più a te.',
  'home.designerTitle': 'Sei un interior designer?',
  'home.designerBody':
    'Crea il tuo profilo, mostra i progetti di cui vai fiero e ricevi richieste da persone che amano già il tuo stile.',
  'home.designerCta': 'Registrati come designer',
} as const;

addMessages(home);
