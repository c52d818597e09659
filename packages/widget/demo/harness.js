// Developer harness script (plain classic script, no inline code: strict CSP). Demo mode and the
// persona switcher are demo-mode.js's, shared with the company site pages.
(function () {
  'use strict';
  function portico() { return window.Portico; }

  // Theme switcher: every change calls Portico.setTheme with the form's values.
  var form = document.getElementById('theme-form');
  var widthOut = document.getElementById('border-width-value');
  function applyTheme() {
    var data = new FormData(form);
    var theme = {
      displayMode: data.get('displayMode'),
      cornerShape: data.get('cornerShape'),
      fieldStyle: data.get('fieldStyle'),
      borderWidth: Number(data.get('borderWidth')),
      accentColor: data.get('accentColor'),
      fontFamily: data.get('fontFamily'),
    };
    widthOut.textContent = theme.borderWidth + 'px';
    if (portico()) portico().setTheme(theme);
  }
  form.addEventListener('input', applyTheme);
  form.addEventListener('change', applyTheme);
  form.addEventListener('reset', function () { setTimeout(applyTheme, 0); });

  function log(name, detail) {
    var list = document.getElementById('event-log');
    var li = document.createElement('li');
    li.textContent = new Date().toLocaleTimeString() + ' ' + name + (detail ? ' ' + JSON.stringify(detail) : '');
    list.insertBefore(li, list.firstChild);
  }

  function ready() {
    var P = portico();
    // Popup buttons for every state, grouped by area.
    var groups = document.getElementById('popup-groups');
    // Only states with a screen: an entry point to one not built yet is not shown (issue 15; the loader hides it too).
    Object.keys(P.stateAreas).forEach(function (area) {
      var built = P.stateAreas[area].filter(function (state) { return P.isStateBuilt(state); });
      if (built.length === 0) return;
      var box = document.createElement('div');
      box.className = 'group';
      var h = document.createElement('h3');
      h.textContent = area;
      var buttons = document.createElement('div');
      buttons.className = 'group-buttons';
      built.forEach(function (state) {
        var b = document.createElement('button');
        b.type = 'button';
        b.className = 'btn';
        b.textContent = state;
        b.setAttribute('data-portico-popup', state);
        buttons.appendChild(b);
      });
      box.appendChild(h);
      box.appendChild(buttons);
      groups.appendChild(box);
    });

    P.embed(document.getElementById('controls-gallery'), '__controls');

    ['accessToken.set', 'auth.initialized', 'auth.close', 'redirect', 'signup.registrationData', 'signup.preRegister',
      'signup', 'subscription.update', 'paymentInformation.update', 'profile.update', 'logout'].forEach(function (name) {
      P.on(name, function (detail) { log(name, detail); });
    });
  }

  if (portico()) ready();
  else document.addEventListener('portico:ready', ready, { once: true });
})();
