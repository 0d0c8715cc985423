import '@room-restyler/element/define';
import '@room-restyler/element/translations/de';
import '@room-restyler/element/translations/fr';

const widget = document.querySelector('room-restyler');
const mainPhoto = document.querySelector('#main-photo');
const thumbs = [...document.querySelectorAll('.thumbs button')];
const roomTypes = { 'living-room': 'living_room', bedroom: 'bedroom', kitchen: 'kitchen', office: 'home_office' };
const WIDTHS = [480, 800, 1200];
let current = 'living-room';

for (const button of thumbs) {
  button.addEventListener('click', () => {
    current = button.dataset.photo;
    mainPhoto.srcset = [...WIDTHS.map((w) => `/photos/${current}-${w}.jpg ${w}w`), `/photos/${current}.jpg 1600w`].join(', ');
    mainPhoto.src = `/photos/${current}-800.jpg`;
    mainPhoto.alt = button.dataset.alt;
    for (const b of thumbs) b.setAttribute('aria-pressed', String(b === button));
  });
}

// Feeds the listing photo on display into the widget, as if the visitor had dropped it.
document.querySelector('#use-photo').addEventListener('click', async () => {
  const blob = await (await fetch(`/photos/${current}.jpg`)).blob();
  widget.roomType = roomTypes[current] ?? 'living_room';
  widget.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  widget.focus();
  await widget.selectFile(blob);
});

// The widget follows its `lang` at run time (and an ancestor's, or <html lang>, when it has none).
for (const button of document.querySelectorAll('.lang')) {
  button.addEventListener('click', () => {
    widget.lang = button.dataset.lang;
    for (const b of document.querySelectorAll('.lang')) b.setAttribute('aria-pressed', String(b === button));
  });
}

// How many of this visitor's free tries are left (the demo server counts them; see server.mjs).
const tries = document.querySelector('#tries');
async function showTries() {
  const response = await fetch('/demo/tries', { cache: 'no-store' }).catch(() => undefined);
  if (!response?.ok) return;
  const { left, limit } = await response.json();
  tries.textContent = `${left} of ${limit} free tries left this hour.`;
}
void showTries();
for (const name of ['room-restyler-complete', 'room-restyler-error', 'room-restyler-cancel']) widget.addEventListener(name, showTries);
// Once per try, when the server has counted it: the job was accepted.
let counted = false;
widget.addEventListener('room-restyler-generate-start', () => (counted = false));
widget.addEventListener('room-restyler-progress', (event) => {
  if (event.detail.phase !== 'generating' || counted) return;
  counted = true;
  void showTries();
});
