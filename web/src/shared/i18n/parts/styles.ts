import { addMessages } from '../messages';

/**
 * Italian texts of the five design styles (see ../it.ts): the customer-side names, the designer-side
 * names, the one-line and the longer descriptions. Only shared/lib/designStyles.ts reads them.
 */
export const styles = {
  'styles.name.A': 'Eclettico Creativo',
  'styles.name.B': 'Elegante Classico',
  'styles.name.C': 'Minimal Contemporaneo',
  'styles.name.D': 'Industriale Urbano',
  'styles.name.E': 'Naturale Mediterraneo',
  'styles.description.A':
    'Ami mescolare colori, epoche e oggetti con una storia. La tua casa racconta chi sei: pezzi unici, contrasti audaci e tanta personalità.',
  'styles.description.B':
    "Ti ritrovi nell'equilibrio delle proporzioni, nei materiali nobili e nei dettagli curati. Eleganza senza tempo, calda e raffinata.",
  'styles.description.C':
    'Cerchi luce, spazio e linee pulite. Pochi oggetti scelti con cura, palette neutre e una calma che si respira in ogni stanza.',
  'styles.description.D':
    "Ti attirano metallo, mattoni a vista e volumi ampi. Uno stile deciso, funzionale, con l'anima dei loft di città.",
  'styles.description.E':
    'Materiali naturali, luce calda e colori della terra e del mare. Una casa accogliente, semplice e vissuta.',
  'styles.designerName.A': 'Eclettico e creativo',
  'styles.designerName.B': 'Elegante e classico',
  'styles.designerName.C': 'Minimal e contemporaneo',
  'styles.designerName.D': 'Industriale e urbano',
  'styles.designerName.E': 'Naturale e mediterraneo',
  'styles.summary.A': 'Colore, contrasti e pezzi unici raccolti con coraggio.',
  'styles.summary.B': 'Proporzioni armoniose, materiali nobili, dettagli senza tempo.',
  'styles.summary.C': 'Linee pulite, luce naturale e solo ciò che serve.',
  'styles.summary.D': 'Metallo, mattoni a vista e spazi aperti dal carattere deciso.',
  'styles.summary.E': 'Legno, lino e terracotta: la calma del sole e del mare.',
} as const;

addMessages(styles);
