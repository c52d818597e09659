// Demo mode on every demo page (the Northwind site and the developer harness). A plain classic script, no
// inline code (strict CSP). It runs (defer) before /portico.js, so it can set data-demo on the loader tag.
// ?demo=1 turns demo mode on; ?persona=<name> picks the demo persona. Links between the demo pages carry
// both, so a visitor can walk the whole site in demo mode as the same persona.
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var demo = params.get('demo') === '1' || params.get('demo') === 'true';
  var persona = demo ? params.get('persona') : null;
  // A sign-in that ended by coming back to this page (the post-login URL) brings its token in the address: that token
  // says who is signed in (the loader takes it), not the persona the page was left with.
  var landedEmail = landedTokenEmail();
  function landedTokenEmail() {
    var hash = new URLSearchParams(location.hash.slice(1));
    var token = hash.get('access_token') || params.get('access_token');
    if (!demo || !token) return null;
    try {
      var payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      var bytes = Uint8Array.from(atob(payload), function (c) { return c.charCodeAt(0); });
      return JSON.parse(new TextDecoder().decode(bytes)).email || null;
    } catch (e) {
      return null;
    }
  }
  var loader = document.getElementById('portico-loader');
  if (demo && loader) loader.setAttribute('data-demo', 'true');
  // Whether the widget will show a signed-in member: site.css reserves the account screen's height by it.
  // A demo login signs in as the persona whose email was typed: the demo chunk names them (src/demo/demo-runtime.ts).
  document.addEventListener('portico:demo-logins', function (event) {
    document.querySelectorAll('[data-demo-logins]').forEach(function (el) { el.textContent = event.detail.join(', '); });
  });
  function markMember() {
    document.documentElement.toggleAttribute('data-demo-member', demo && persona !== 'visitor');
  }
  markMember();

  var LABELS = { visitor: 'Visitor (signed out)', freeMember: 'Free member', teamOwner: 'Paying team owner', pastDue: 'Past-due member' };

  function withDemo(url) {
    if (demo) url.searchParams.set('demo', '1');
    if (demo && persona) url.searchParams.set('persona', persona);
    else url.searchParams.delete('persona');
    return url.pathname + url.search + url.hash;
  }

  // This page's address for links. This script runs before the loader, which takes a sign-in's access token out
  // of the address (#access_token=… or ?access_token=…): a link must never copy it.
  function here() {
    var url = new URL(location.href);
    if (url.searchParams.has('access_token')) url.searchParams.delete('access_token');
    url.hash = url.hash.slice(1).split('&').filter(function (p) { return p && p.indexOf('access_token=') !== 0; }).join('&');
    return url;
  }

  function updateLinks() {
    document.querySelectorAll('a[href]').forEach(function (a) {
      var raw = a.getAttribute('href');
      if (raw.charAt(0) === '#') return;
      var url = new URL(raw, location.href);
      if (a.hasAttribute('data-demo-toggle')) {
        // The same page in the other mode (a fresh persona when demo mode comes back).
        url = here();
        if (demo) url.searchParams.delete('demo'); else url.searchParams.set('demo', '1');
        url.searchParams.delete('persona');
        a.setAttribute('href', url.pathname + url.search + url.hash);
        return;
      }
      if (url.origin !== location.origin || !/(?:\/|\.html)$/.test(url.pathname)) return;
      a.setAttribute('href', withDemo(url));
    });
  }

  document.querySelectorAll('[data-demo-toggle]').forEach(function (a) {
    a.textContent = demo ? 'Turn demo mode off' : 'Turn demo mode on';
  });
  document.querySelectorAll('[data-demo-label]').forEach(function (el) {
    el.textContent = demo ? 'Demo mode' : 'Server mode';
  });
  document.querySelectorAll('[data-demo-only]').forEach(function (el) { el.hidden = !demo; });
  document.querySelectorAll('[data-server-only]').forEach(function (el) { el.hidden = demo; });
  updateLinks();

  function choose(P, name) {
    P.setDemoPersona(name);
    persona = name;
    markMember();
    document.querySelectorAll('[data-persona]').forEach(function (b) {
      b.setAttribute('aria-checked', String(b.getAttribute('data-persona') === name));
    });
    history.replaceState(history.state, '', withDemo(new URL(location.href)));
    updateLinks();
  }

  // The persona now signed in (a demo login or a log-out picks it through the token): the radios, the address and links follow.
  function follow(P) {
    var name = P.getDemoPersona();
    if (name === persona) return;
    persona = name;
    markMember();
    document.querySelectorAll('[data-persona]').forEach(function (b) {
      b.setAttribute('aria-checked', String(b.getAttribute('data-persona') === name));
    });
    history.replaceState(history.state, '', withDemo(here()));
    updateLinks();
  }

  function ready() {
    var P = window.Portico;
    if (!P.config.demo) return;
    // A sign-in's token decides who is signed in (the demo chunk picks its persona); otherwise the address's persona.
    if (!landedEmail && persona && P.demoPersonas.indexOf(persona) >= 0) P.setDemoPersona(persona);
    follow(P);
    // The token store tells the session first; the demo chunk then picks the persona from it.
    P.on('session.changed', function () { Promise.resolve().then(function () { follow(P); }); });

    document.querySelectorAll('[data-persona-list]').forEach(function (list) {
      P.demoPersonas.forEach(function (name) {
        var b = document.createElement('button');
        b.type = 'button';
        b.className = 'btn';
        b.setAttribute('role', 'radio');
        b.setAttribute('data-persona', name);
        b.setAttribute('aria-checked', String(P.getDemoPersona() === name));
        b.textContent = LABELS[name] || name;
        b.addEventListener('click', function () { choose(P, name); });
        list.appendChild(b);
      });
    });
  }

  if (window.Portico) ready();
  else document.addEventListener('portico:ready', ready, { once: true });
})();
