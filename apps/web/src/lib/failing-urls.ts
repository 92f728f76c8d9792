/**
 * URLs whose calls failed because no API key could be had. The full-page error screen shows while
 * any remain; a later successful call of the same URL takes it off the list.
 */
type Listener = () => void;

let urls: readonly string[] = [];
const listeners = new Set<Listener>();

function publish(next: readonly string[]) {
  urls = next;
  listeners.forEach((listener) => listener());
}

export function addFailingUrl(url: string) {
  if (!urls.includes(url)) publish([...urls, url]);
}

export function removeFailingUrl(url: string) {
  if (urls.includes(url)) publish(urls.filter((u) => u !== url));
}

export function clearFailingUrls() {
  if (urls.length > 0) publish([]);
}

export function getFailingUrls(): readonly string[] {
  return urls;
}

export function subscribeFailingUrls(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
