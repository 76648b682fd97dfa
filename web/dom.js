/* dom.js -- the few DOM helpers every script of the page uses (loaded
 * first): an element by id, a new element with its properties and
 * children, a word with a capital, the pieces that are there joined, a
 * labelled line of the key. */
(function () {
  'use strict';

  function $(id) { return document.getElementById(id); }

  /* props: 'text' sets the text, 'class' the class, anything else an
   * attribute; kids: nodes or strings, null and undefined skipped. */
  function el(tag, props, kids) {
    var n = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === 'text') n.textContent = props[k];
      else if (k === 'class') n.className = props[k];
      else n.setAttribute(k, props[k]);
    });
    (kids || []).forEach(function (c) {
      if (c !== null && c !== undefined) n.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return n;
  }

  function capital(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : ''; }

  /* "a · b · c" from the pieces that are there */
  function joined(parts, sep) { return parts.filter(Boolean).join(sep || ' · '); }

  /* one labelled line of the key: LABEL  what follows */
  function line(cls, label, kids) {
    return el('p', { class: 'line ' + cls }, [el('span', { class: 'tag', text: label }), ' ', el('span', {}, kids)]);
  }

  window.dgDom = { $: $, el: el, capital: capital, joined: joined, line: line };
})();
