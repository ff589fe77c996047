// Facts about one element that decide how an action is carried out (or why it cannot
// be), called on the element itself (`this`, found by its CDP backend node id). `hidden`
// follows webenv.axtree.rules.is_hidden (tags, attributes, closed <details> and
// <dialog>), plus the page's CSS (display: none, visibility: hidden). `rules` is
// webenv.axtree.rules.js_table(); `id` and `selectId` are the element's and its <select>'s
// AX ids, written into data-webenv-id so that Playwright can locate them for the action.
function (rules, id, selectId) {
  const el = this;
  const mark = (n, value) => {
    if (n.getAttribute('data-webenv-id') !== value) n.setAttribute('data-webenv-id', value);
  };
  mark(el, String(id));
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
  if (select && selectId !== null) mark(select, String(selectId));
  const options = tag === 'select' ? Array.from(el.options).map(o => ({
      label: (o.label || o.textContent).replace(/\s+/g, ' ').trim(), value: o.value})) : [];
  return {tag, type, hidden, link: link ? link.getAttribute('href') : null,
          disabled: el.disabled === true || el.hasAttribute('disabled'),
          readonly: el.hasAttribute('readonly'), multiple: el.multiple === true,
          options, optionIndex: tag === 'option' ? el.index : -1,
          value: tag === 'input' || tag === 'textarea' ? el.value : ''};
}
