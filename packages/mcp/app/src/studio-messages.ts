/** The studio's own texts (editing part of a photo, a listing's pairs), beside the widget's, in its three languages. */
export interface StudioMessages {
  editPart: string;
  prompt: string;
  applyEdit: string;
  cancel: string;
  /** A listing's results: the grid of before/after pairs. */
  allPairs: string;
  downloadAll: string;
  imagesReady: (n: number) => string;
}

const en: StudioMessages = {
  editPart: 'Edit part of this photo',
  prompt: 'Describe the change',
  applyEdit: 'Edit the marked area',
  cancel: 'Cancel',
  allPairs: 'All pairs',
  downloadAll: 'Download all',
  imagesReady: (n) => `${n} image${n === 1 ? '' : 's'} ready: open a pair to compare it.`,
};

const de: StudioMessages = {
  editPart: 'Teil dieses Fotos bearbeiten',
  prompt: 'Beschreiben Sie die Änderung',
  applyEdit: 'Markierten Bereich bearbeiten',
  cancel: 'Abbrechen',
  allPairs: 'Alle Paare',
  downloadAll: 'Alle herunterladen',
  imagesReady: (n) => `${n} ${n === 1 ? 'Bild' : 'Bilder'} fertig: ein Paar öffnen, um es zu vergleichen.`,
};

const fr: StudioMessages = {
  editPart: 'Modifier une partie de cette photo',
  prompt: 'Décrivez la modification',
  applyEdit: 'Modifier la zone marquée',
  cancel: 'Annuler',
  allPairs: 'Toutes les paires',
  downloadAll: 'Tout télécharger',
  imagesReady: (n) => `${n} image${n === 1 ? '' : 's'} prête${n === 1 ? '' : 's'} : ouvrez une paire pour la comparer.`,
};

const CATALOGS: Record<string, StudioMessages> = { en, de, fr };

/** The texts for a language tag by its primary language; English for any other. */
export const studioMessages = (lang: string): StudioMessages => CATALOGS[lang.toLowerCase().split('-')[0] ?? ''] ?? en;
