// The live DOM with form state written into attributes (like the in-process DOM), and
// without the ids number.js wrote.
() => {
  const root = document.documentElement;
  if (!root) return '';
  const clone = root.cloneNode(true);
  const live = root.querySelectorAll('input, textarea, option');
  const copy = clone.querySelectorAll('input, textarea, option');
  for (let i = 0; i < live.length && i < copy.length; i++) {
    const a = live[i], b = copy[i];
    if (a.localName === 'textarea') { b.textContent = a.value; continue; }
    if (a.localName === 'option') {
      if (a.selected) b.setAttribute('selected', ''); else b.removeAttribute('selected');
      continue;
    }
    const type = (a.getAttribute('type') || '').toLowerCase();
    if (type === 'checkbox' || type === 'radio') {
      if (a.checked) b.setAttribute('checked', ''); else b.removeAttribute('checked');
    } else if (type !== 'file') {
      b.setAttribute('value', a.value);
    }
  }
  for (const el of clone.querySelectorAll('[data-webenv-id]')) el.removeAttribute('data-webenv-id');
  clone.removeAttribute('data-webenv-id');
  return '<!DOCTYPE html>' + clone.outerHTML;
}
