import type { StaticBlock } from '@rudy/contracts';
import { SafeHtml } from '../../../components/ui/safe-html';
import styles from './home-intro.module.css';

/** The channel's `home_intro` block under the slides: who the channel is, in a sentence or two. */
export function HomeIntro({ block }: { block: StaticBlock }) {
  return (
    <section className={styles.intro} aria-labelledby="home-intro-title">
      <h2 id="home-intro-title" className={styles.title}>
        {block.title}
      </h2>
      <SafeHtml html={block.content} className={styles.text} />
    </section>
  );
}
