import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { isSafeColor } from '../../../lib/theme';
import styles from './subject-banner.module.css';
import '../../../locales/listings';

/** What a team, school, sport or rink page is about, ready to show. */
export interface BannerSubject {
  kind: 'team' | 'school' | 'sport' | 'rink';
  name: string;
  image: string | null;
  color: string | null;
  /** short facts: "NJHL", "U18", "Women" */
  details: string[];
  /** related pages: a team's school, a school's teams */
  links: { to: string; label: string }[];
}

/** The head of a team, school, sport or rink page: its crest, colours, facts and favourite star. */
export function SubjectBanner({ subject, action }: { subject: BannerSubject; action?: ReactNode }) {
  const { t } = useT();
  const color = subject.color && isSafeColor(subject.color) ? subject.color : null;
  return (
    <section
      className={styles.banner}
      style={
        color
          ? { borderColor: color, backgroundColor: `color-mix(in srgb, ${color} 16%, transparent)` }
          : undefined
      }
      aria-labelledby="banner-title"
    >
      <div className={styles.crest} style={color ? { background: color } : undefined}>
        {subject.image ? (
          <img src={subject.image} alt="" className={styles.image} />
        ) : (
          <span aria-hidden="true">{subject.name.charAt(0)}</span>
        )}
      </div>
      <div className={styles.text}>
        <p className={styles.kind}>{t(`listings:kind.${subject.kind}`)}</p>
        <h2 id="banner-title" className={styles.name}>
          {subject.name}
        </h2>
        {subject.details.length > 0 ? (
          <p className={styles.details}>{subject.details.join(' · ')}</p>
        ) : null}
        {subject.links.length > 0 ? (
          <ul className={styles.links}>
            {subject.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
