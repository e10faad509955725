// Installs the service worker (static/sw.js, served as /sw.js) when the game is served;
// a trial file (file://) has everything inline and needs none. Registered after load so
// it never competes with the first screen for the network.
function register() {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((e) => console.warn("service worker:", e));
}
if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
