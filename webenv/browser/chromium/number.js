// Numbers the document like webenv.axtree.ids and writes each element's id into
// data-webenv-id: elements and text nodes in document order from <html> = 0, text
// counted unless whitespace-only (/^\s*$/, i.e. JS_WHITESPACE) or a value text tag's.
// `rules` is webenv.axtree.rules.js_table(), bound by webenv.browser.chromium.
(rules) => {
  const root = document.documentElement;
  if (!root) return 0;
  const valueTag = rules.valueTextTag.toUpperCase();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let id = 0;
  for (let node = root; node; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      const value = String(id++);
      if (node.getAttribute('data-webenv-id') !== value) node.setAttribute('data-webenv-id', value);
    } else if (!/^\s*$/.test(node.data)
               && !(node.parentNode && node.parentNode.nodeName === valueTag)) {
      id++;
    }
  }
  return id;
}
