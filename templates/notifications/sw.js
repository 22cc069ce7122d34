/* Epic20 Site's service worker: shows each Web Push as a notification and, when it is clicked,
   opens the page it names (or brings that page forward if it is already open). The push's data
   is JSON {"event", "title", "body", "url", "campaign", "encounter"}; a newer push of the same
   fight replaces the older one on the screen (its tag). */
"use strict";

self.addEventListener("install", (event) => { self.skipWaiting(); });
self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  const title = data.title || "Epic20 Site";
  const tag = data.encounter ? "encounter-" + data.encounter : (data.event || "epic20");
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "",
    icon: "{{ icon }}",
    tag: tag,
    renotify: data.event === "your_turn" || data.event === "deadline_near",
    data: { url: data.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of open) {
      if (new URL(client.url).pathname === target.pathname && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(target.href);
  })());
});
