// @ts-check
// The installable app: register the service worker (/sw.js, made by the server
// with its cache named by the client's digest and the protocol). When a new
// client takes over an open page, the page reloads once, so it never keeps
// talking an old protocol.

/** Register the service worker (where the browser has them and the page is served over http(s)). */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const hadController = !!navigator.serviceWorker.controller;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install takes over a page that already runs this client: no reload.
    if (!hadController || reloaded) return;
    reloaded = true;
    location.reload();
  });
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((e) => console.warn("service worker:", e));
}
