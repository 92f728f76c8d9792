import { useEffect, useMemo, useState } from 'react';
import { loadChunk } from '../../../lib/chunk-load';
import styles from './page-content.module.css';

type Renderer = typeof import('../../../components/ui/render-markdown');

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads marked and the sanitiser once, the first time a page is shown. */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= loadChunk(() => import('../../../components/ui/render-markdown')).then(
    (module) => (renderer = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A page's text, written in Markdown, rendered safely (render-markdown.ts). Until the renderer
 * has loaded the text shows as plain paragraphs (React text, never markup), so nothing waits on it.
 */
export function PageContent({ content }: { content: string }) {
  const [loaded, setLoaded] = useState<Renderer | null>(renderer);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    loadMarkdown().then(
      (module) => active && setLoaded(module),
      () => undefined, // the plain paragraphs stay; the page reads without formatting
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  const html = useMemo(() => loaded?.renderMarkdown(content) ?? null, [loaded, content]);
  if (html !== null)
    return <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />;
  return <PlainParagraphs content={content} />;
}

/** Paragraphs separated by blank lines; single newlines are kept. */
function PlainParagraphs({ content }: { content: string }) {
  const paragraphs = content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={styles.content}>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split(/\r?\n/).map((line, j, lines) => (
            <span key={j}>
              {line}
              {j < lines.length - 1 ? <br /> : null}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
