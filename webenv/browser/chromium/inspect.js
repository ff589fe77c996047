// Facts about one element that decide how an action is carried out (or why it cannot
// be). `hidden` follows webenv.axtree.rules.is_hidden (tags, attributes, closed
// <details> and <dialog>), plus the page's CSS (display: none, visibility: hidden).
// `rules` is webenv.axtree.rules.js_table(); `number` is number.js.
(rules, id, number) => {
  if (!document.__webenvNumbered) {
    number(rules);
    document.__webenvNumbered = true;
  }
  const el = document.querySelector(`[data-webenv-id="${id}"]`);
  if (!el) return null;
  const hiddenTags = new Set(rules.hiddenTags);
  const attr = (n, name) => (n.getAttribute(name) || '').trim().toLowerCase();
  const tag = el.localName;
  const type = attr(el, 'type');
  let hidden = false, child = null;
  for (let n = el; n && n.nodeType === 1; child = n, n = n.parentElement) {
    const t = n.localName;
    if (hiddenTags.has(t) || n.hasAttribute('hidden') || attr(n, 'aria-hidden') === 'true'
        || (t === 'input' && attr(n, 'type') === 'hidden')
        || (t === 'dialog' && !n.hasAttribute('open'))
        || (t === 'details' && !n.open && child && child.localName !== 'summary')) {
      hidden = true; break;
    }
    const style = getComputedStyle(n);
    if (style.display === 'none' || (n === el && style.visibility === 'hidden')) {
      hidden = true; break;
    }
  }
  const link = el.closest('a[href]');
  const select = el.closest('select');
  const options = tag === 'select' ? Array.from(el.options).map(o => ({
      label: (o.label || o.textContent).replace(/\s+/g, ' ').trim(), value: o.value})) : [];
  return {tag, type, hidden, link: link ? link.href : null,
          disabled: el.disabled === true || el.hasAttribute('disabled'),
          readonly: el.hasAttribute('readonly'), multiple: el.multiple === true,
          options, selectId: select ? select.getAttribute('data-webenv-id') : null,
          optionIndex: tag === 'option' ? el.index : -1};
}
