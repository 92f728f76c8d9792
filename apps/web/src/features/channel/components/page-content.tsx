import styles from './page-content.module.css';

/** Page text arrives as plain paragraphs separated by blank lines; single newlines are kept. */
export function PageContent({ content }: { content: string }) {
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
