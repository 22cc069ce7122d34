// The API reference's sidebar draws its maker's logo from their server, which the site's
// Content-Security-Policy (images from this site only) refuses, leaving an error in the
// console on every visit. Loaded before ReDoc, this points that one image at the site's own
// icon (the script tag's data-logo), so the page asks nothing of another server.
(function () {
  "use strict";
  var OUTSIDE = "https://cdn.redoc.ly/redoc/logo-mini.svg";
  var local = document.currentScript && document.currentScript.getAttribute("data-logo");
  if (!local) {
    return;
  }
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (name === "src" && value === OUTSIDE && this instanceof HTMLImageElement) {
      value = local;
    }
    return setAttribute.call(this, name, value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set: function (value) {
      src.set.call(this, value === OUTSIDE ? local : value);
    },
  });
})();
