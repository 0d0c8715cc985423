/**
 * The mask brush's texts in English, German and French. They live with the brush, not in the
 * widget's catalogues, so that `<room-restyler>` carries none of them until the brush is loaded.
 * Each message with numbers is a function of them (percentages come formatted for the language).
 */

type Place = (x: string, y: string, w: string, h: string) => string;
type Count = (marks: number) => string;

export interface MaskBrushMessages {
  area: string;
  hint: string;
  size: string;
  undo: string;
  clear: string;
  selection: Place;
  /** Each says how many marks there are now, so that two in a row are both announced. */
  added: Count;
  undone: Count;
  cleared: string;
}

const en: MaskBrushMessages = {
  area: 'Photo: mark the area to change',
  hint: 'Paint over what should change. With the keyboard: arrow keys move the rectangle, Shift+arrow keys resize it, Enter adds it.',
  size: 'Brush size',
  undo: 'Undo',
  clear: 'Clear',
  selection: (x, y, w, h) => `Rectangle ${x} from the left, ${y} from the top, ${w} wide, ${h} high.`,
  added: (n) => `Rectangle added to the area to change. Marks: ${n}.`,
  undone: (n) => `Last mark undone. Marks left: ${n}.`,
  cleared: 'Area cleared.',
};

const de: MaskBrushMessages = {
  area: 'Foto: zu ändernden Bereich markieren',
  hint: 'Übermalen Sie, was sich ändern soll. Mit der Tastatur: Pfeiltasten verschieben das Rechteck, Umschalt+Pfeiltasten ändern seine Größe, Enter fügt es hinzu.',
  size: 'Pinselgröße',
  undo: 'Rückgängig',
  clear: 'Leeren',
  selection: (x, y, w, h) => `Rechteck ${x} von links, ${y} von oben, ${w} breit, ${h} hoch.`,
  added: (n) => `Rechteck zum zu ändernden Bereich hinzugefügt. Markierungen: ${n}.`,
  undone: (n) => `Letzte Markierung rückgängig gemacht. Verbleibende Markierungen: ${n}.`,
  cleared: 'Bereich geleert.',
};

const fr: MaskBrushMessages = {
  area: 'Photo : marquer la zone à modifier',
  hint: 'Peignez ce qui doit changer. Au clavier : les flèches déplacent le rectangle, Maj+flèches le redimensionnent, Entrée l’ajoute.',
  size: 'Taille du pinceau',
  undo: 'Annuler',
  clear: 'Effacer',
  selection: (x, y, w, h) => `Rectangle à ${x} du bord gauche et ${y} du haut, ${w} de large, ${h} de haut.`,
  added: (n) => `Rectangle ajouté à la zone à modifier. Marques : ${n}.`,
  undone: (n) => `Dernière marque annulée. Marques restantes : ${n}.`,
  cleared: 'Zone effacée.',
};

const CATALOGS: Record<string, MaskBrushMessages> = { en, de, fr };

/** The texts for a language tag by its primary language; English for any other. */
export function maskBrushMessages(lang: string): MaskBrushMessages {
  return CATALOGS[lang.toLowerCase().split('-')[0] ?? ''] ?? en;
}
