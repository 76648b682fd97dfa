/* dom.js -- the few DOM helpers every script of the page uses (loaded
 * first): an element by id, a new element with its properties and
 * children, a word with a capital. */
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

  window.dgDom = { $: $, el: el, capital: capital };
})();
