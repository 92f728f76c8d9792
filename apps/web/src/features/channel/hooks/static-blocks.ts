import type { BootstrapData, StaticBlock } from '@rudy/contracts';

/** The aliases the product places: the home page's introduction, the footer, the cookie notice. */
export type StaticBlockAlias = 'home_intro' | 'footer_about' | 'cookie_notice';

/**
 * A channel's static block by alias, when the channel shows static blocks (settings.static_blocks)
 * and the block has text. The server already picked the visitor's language.
 */
export function findStaticBlock(
  data: BootstrapData | undefined,
  alias: StaticBlockAlias,
): StaticBlock | undefined {
  if (!data?.settings.static_blocks) return undefined;
  const block = data.static_blocks.find((b) => b.alias === alias);
  return block && block.content.trim() ? block : undefined;
}
