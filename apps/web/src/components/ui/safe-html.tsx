import { useEffect, useMemo, useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';

type Sanitizer = typeof import('./sanitize-html');

let sanitizer: Sanitizer | null = null;
let loading: Promise<Sanitizer> | null = null;

/**
 * Loads the sanitiser (DOMPurify) once. Start-up calls it, in parallel with the screen's code, when
 * the channel shows static blocks, so a block paints with the page; others never load it.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= loadChunk(() => import('./sanitize-html')).then(
    (module) => (sanitizer = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Channel-written HTML, sanitised (see sanitize-html.ts). Until the sanitiser has loaded nothing
 * is shown: unsanitised HTML never reaches the page.
 */
export function SafeHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'p' | 'span';
}) {
  const [loaded, setLoaded] = useState<Sanitizer | null>(sanitizer);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    loadSanitizer().then(
      (module) => active && setLoaded(module),
      () => undefined, // the block stays empty; the page works without it
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  const clean = useMemo(() => loaded?.sanitizeHtml(html) ?? '', [loaded, html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
