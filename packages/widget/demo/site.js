// The Northwind site pages (index.html, account.html). A plain classic script, no inline code (strict CSP);
// it runs (defer) before /portico.js.
(function () {
  'use strict';

  // The site follows the visitor's colour scheme (site.css), so the widget should too. The company config says
  // "light"; a host page may override the theme, and doing it before the first screen mounts avoids a flash.
  function ready() {
    window.Portico.setTheme({ displayMode: 'auto' });
    // A section whose state has no screen yet is not offered (issue 15: no control leads to 'not available yet').
    document.querySelectorAll('[data-account-state]').forEach(function (a) {
      if (!window.Portico.isStateBuilt(a.getAttribute('data-account-state'))) a.hidden = true;
    });
  }
  if (window.Portico) ready();
  else document.addEventListener('portico:ready', ready, { once: true });

  // Account page: one embed, pointed at the state of the section in the URL's hash. Changing the
  // data-portico-embed attribute navigates the mounted widget in place (the loader watches that attribute).
  var screen = document.getElementById('account-screen');
  if (!screen) return;
  var links = document.querySelectorAll('[data-account-state]');
  function showSection() {
    var chosen = null;
    links.forEach(function (a) { if (a.getAttribute('href') === location.hash) chosen = a; });
    if (!chosen && location.hash && location.hash !== '#main') return;
    chosen = chosen || links[0];
    links.forEach(function (a) {
      if (a === chosen) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
    });
    screen.setAttribute('data-portico-embed', chosen.getAttribute('data-account-state'));
  }
  showSection();
  window.addEventListener('hashchange', showSection);
})();
