import '@room-restyler/element/define';
import '@room-restyler/element/translations/de';

const widget = document.querySelector('room-restyler');
const mainPhoto = document.querySelector('#main-photo');
const thumbs = [...document.querySelectorAll('.thumbs button')];
const roomTypes = { 'living-room': 'living_room', bedroom: 'bedroom', kitchen: 'kitchen', office: 'home_office' };
let current = 'living-room';

for (const button of thumbs) {
  button.addEventListener('click', () => {
    current = button.dataset.photo;
    mainPhoto.src = `/photos/${current}.jpg`;
    mainPhoto.alt = button.dataset.alt;
    for (const b of thumbs) b.setAttribute('aria-pressed', String(b === button));
  });
}

// Feeds the listing photo on display into the widget, as if the visitor had dropped it.
document.querySelector('#use-photo').addEventListener('click', async () => {
  const blob = await (await fetch(`/photos/${current}.jpg`)).blob();
  widget.roomType = roomTypes[current] ?? 'living_room';
  await widget.selectFile(blob);
  widget.scrollIntoView({ behavior: 'smooth', block: 'start' });
  widget.focus();
});

for (const button of document.querySelectorAll('.lang')) {
  button.addEventListener('click', () => {
    document.documentElement.lang = button.dataset.lang;
    // The widget follows its own `lang` attribute at once (an ancestor's is read when it connects).
    widget.setAttribute('lang', button.dataset.lang);
    for (const b of document.querySelectorAll('.lang')) b.setAttribute('aria-pressed', String(b === button));
  });
}

widget.addEventListener('room-restyler-complete', (event) => {
  console.info('staged images:', event.detail.output);
});
