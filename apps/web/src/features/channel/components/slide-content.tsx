import { isSitePath, type Slide } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import styles from './slides-carousel.module.css';

export function SlideContent({ slide, isFirst }: { slide: Slide; isFirst: boolean }) {
  const { t } = useT();
  const cta = t('home:slides.cta');
  return (
    <>
      <img
        src={slide.image_url}
        alt=""
        className={styles.image}
        draggable={false}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
      />
      <div className={styles.caption}>
        <h2 className={styles.title}>{slide.title}</h2>
        {slide.subtitle ? <p className={styles.subtitle}>{slide.subtitle}</p> : null}
        {slide.link_url ? (
          // Anything but a path here leaves the site: a new tab, no opener, no referrer.
          !isSitePath(slide.link_url) ? (
            <a
              href={slide.link_url}
              className={styles.cta}
              target="_blank"
              rel="noopener noreferrer"
            >
              {cta}
            </a>
          ) : (
            <Link to={slide.link_url} className={styles.cta}>
              {cta}
            </Link>
          )
        ) : null}
      </div>
    </>
  );
}
