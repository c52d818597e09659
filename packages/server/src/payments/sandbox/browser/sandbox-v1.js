/*
 * Portico sandbox gateway, browser script (served at /js/v1; docs/payments.md "Sandbox").
 * It plays the part of a card provider's script: card fields go from the page to the sandbox
 * and come back as a one-time token, so the widget never sends card numbers to Portico's API.
 * Plain ES2017, no inline code, no dependencies: it runs under a strict Content-Security-Policy.
 */
(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? new URL(current.src).origin : window.location.origin;

  function unreachable() {
    return { error: { code: 'Errors.ServerUnreachable', description: 'ServerUnreachable', message: 'The payment sandbox cannot be reached.', field: null, status: 0 } };
  }

  /** Portico's error shape turned into a provider-style error (spec: provider token errors become Errors.{description}). */
  function providerError(status, body) {
    var j = body || {};
    var first = (j.FieldErrors && j.FieldErrors[0]) || null;
    var code = (first && first.ErrorCode) || j.ErrorCode || 'Errors.SystemError';
    return {
      error: {
        code: code,
        description: String(code).replace(/^Errors\./, ''),
        message: (first && first.Message) || j.Message || 'The payment sandbox refused the request.',
        field: first ? first.Field : null,
        status: status,
      },
    };
  }

  function send(method, path, body) {
    var init = { method: method, credentials: 'omit', headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(base + path, init).then(function (res) {
      return res.json().then(
        function (json) { return res.ok ? json : providerError(res.status, json); },
        function () { return providerError(res.status, null); }
      );
    }, unreachable);
  }

  window.PorticoSandbox = {
    version: 1,
    /** fields: api_login_id, card_number, expire_month, expire_year, cvv, name_on_card → { card_type, expire_year, expire_month, onetime_token, last_4 } or { error }. */
    createToken: function (fields) {
      return send('POST', '/sandbox/v1/tokens', fields);
    },
    /** options: payment_method (a onetime_token), return_url (where the authentication step returns) → the intent, or { error }. */
    confirmIntent: function (clientSecret, options) {
      var o = options || {};
      return send('POST', '/sandbox/v1/intents/confirm', { client_secret: clientSecret, payment_method: o.payment_method, return_url: o.return_url });
    },
    retrieveIntent: function (clientSecret) {
      return send('GET', '/sandbox/v1/intents?client_secret=' + encodeURIComponent(clientSecret));
    },
    /** Sends the browser to the sandbox's authentication step; it comes back to the return_url given at confirm. */
    authenticate: function (clientSecret) {
      window.location.assign(base + '/sandbox/v1/authenticate?client_secret=' + encodeURIComponent(clientSecret));
    },
  };
})();
