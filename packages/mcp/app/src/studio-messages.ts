/** The studio's own texts (editing part of a photo), beside the widget's, in its three languages. */
export interface StudioMessages {
  editPart: string;
  prompt: string;
  applyEdit: string;
  cancel: string;
}

const en: StudioMessages = {
  editPart: 'Edit part of this photo',
  prompt: 'Describe the change',
  applyEdit: 'Edit the marked area',
  cancel: 'Cancel',
};

const de: StudioMessages = {
  editPart: 'Teil dieses Fotos bearbeiten',
  prompt: 'Beschreiben Sie die Änderung',
  applyEdit: 'Markierten Bereich bearbeiten',
  cancel: 'Abbrechen',
};

const fr: StudioMessages = {
  editPart: 'Modifier une partie de cette photo',
  prompt: 'Décrivez la modification',
  applyEdit: 'Modifier la zone marquée',
  cancel: 'Annuler',
};

const CATALOGS: Record<string, StudioMessages> = { en, de, fr };

/** The texts for a language tag by its primary language; English for any other. */
export const studioMessages = (lang: string): StudioMessages => CATALOGS[lang.toLowerCase().split('-')[0] ?? ''] ?? en;
