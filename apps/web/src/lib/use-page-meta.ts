import { useEffect } from 'react';

function setMeta(selector: string, create: () => HTMLMetaElement, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  const created = !element;
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  const previous = element.content;
  element.content = content;
  const target = element;
  return () => {
    if (created) target.remove();
    else target.content = previous;
  };
}

function metaNamed(attribute: 'name' | 'property', value: string) {
  return () => {
    const element = document.createElement('meta');
    element.setAttribute(attribute, value);
    return element;
  };
}

/** Per-page description and social preview text (once known); restored when the page unmounts. */
export function usePageMeta(title: string | null, description: string | null): void {
  useEffect(() => {
    if (title === null || description === null) return;
    const restore = [
      setMeta('meta[name="description"]', metaNamed('name', 'description'), description),
      setMeta('meta[property="og:title"]', metaNamed('property', 'og:title'), title),
      setMeta('meta[property="og:description"]', metaNamed('property', 'og:description'), description),
      setMeta('meta[property="og:url"]', metaNamed('property', 'og:url'), window.location.origin + window.location.pathname),
      setMeta('meta[name="twitter:title"]', metaNamed('name', 'twitter:title'), title),
      setMeta('meta[name="twitter:description"]', metaNamed('name', 'twitter:description'), description),
    ];
    return () => restore.forEach((undo) => undo());
  }, [title, description]);
}
