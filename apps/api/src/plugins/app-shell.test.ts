import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderedStartup } from '../modules/channel/startup-data.js';
import {
  createAppShell,
  preloadLinks,
  scriptSafeJson,
  startupModules,
  withSplash,
} from './app-shell.js';

describe('app shell', () => {
  it("adds a page's link-preview tags, escaped, to index.html", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-shell-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><title>Live sports</title></head><body></body></html>',
    );
    const shell = createAppShell(dir);
    const html = await shell.html({
      title: 'Goal! "<script>"',
      description: 'Wolves @ Knights',
      image: 'https://tv.example/media/share/u/poster.jpg',
      url: 'https://tv.example/share/1/u',
      type: 'video.other',
    });
    expect(html).toContain('<title>Goal! &#34;&#60;script&#62;&#34;</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Goal! &#34;&#60;script&#62;&#34;" />',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://tv.example/media/share/u/poster.jpg" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<script>');
    expect(await shell.html()).toContain('<title>Live sports</title>');
    expect(await createAppShell('/nonexistent').html()).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries the start-up data as JSON no value can break out of, with title, language and description', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-shell-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html lang="en"><head><title>Live sports</title>' +
        '<meta name="description" content="Watch games live and on demand." /></head><body></body></html>',
    );
    const name = 'Evil</script><script>alert(1)</script> & <!-- co';
    const json = JSON.stringify({ config: {}, locale: 'fr', bootstrap: { settings: { name } } });
    const html = await createAppShell(dir).html(undefined, {
      startup: { json, locale: 'fr', settings: { channel_name: name } as never, poster: null },
      pathname: '/',
    });
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<title>Evil&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('<meta name="description" content="Les matchs de Evil&#60;/script');
    expect(html?.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const block = /<script type="application\/json" id="startup-data">([^<]*)<\/script>/.exec(
      html!,
    );
    expect(JSON.parse(block![1]!)).toEqual(JSON.parse(json));
    expect(scriptSafeJson('"\u2028"')).toBe('"\\u2028"');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the entry's style sheets into the page; one it cannot inline stays a link", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-shell-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-a1.css'), 'body{color:red}');
    fs.writeFileSync(path.join(dir, 'assets', 'odd-b2.css'), 'a::after{content:"</style>"}');
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><title>Live sports</title>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-a1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/odd-b2.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/gone-c3.css"></head><body></body></html>',
    );
    const html = await createAppShell(dir).html();
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('index-a1.css');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-b2.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/gone-c3.css">');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("announces the app's and a path's screen's chunks that the entry does not load already", () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        imports: ['_shared.js'],
        dynamicImports: ['src/app/early-watch.ts', '_app.js'],
      },
      '_shared.js': { file: 'assets/shared.js' },
      'src/app/early-watch.ts': { file: 'assets/early-watch.js', imports: ['_early-player.js'] },
      '_early-player.js': { file: 'assets/early-player.js' },
      '_app.js': { file: 'assets/boot.js', imports: ['_shared.js', '_framework.js'] },
      '_framework.js': { file: 'assets/framework.js' },
      'src/app/routes/root/root-layout.tsx': { file: 'assets/root.js', imports: ['_shared.js'] },
      'src/app/routes/home/home.tsx': {
        file: 'assets/home.js',
        imports: ['_rail.js'],
        css: ['assets/home.css'],
      },
      '_rail.js': { file: 'assets/rail.js' },
      'src/app/routes/events/live.tsx': { file: 'assets/live.js' },
      'src/app/routes/watch/watch.tsx': { file: 'assets/watch.js' },
      '../../node_modules/hls.js/dist/hls.light.mjs': { file: 'assets/hls.js' },
    };
    const home = preloadLinks(manifest, '/');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js" />');
    expect(home).toContain('href="/assets/rail.js"');
    expect(home).toContain('href="/assets/root.js"');
    expect(home).toContain('<link rel="preload" as="style" crossorigin href="/assets/home.css" />');
    expect(home).not.toContain('shared.js');
    expect(preloadLinks(manifest, '/live')).toContain('/assets/live.js');
    // The watch page's hls.js, behind its own code.
    const watch = preloadLinks(manifest, '/watch/7');
    expect(watch).toContain('href="/assets/watch.js"');
    expect(watch).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/hls.js" />',
    );
    expect(watch.indexOf('hls.js')).toBeGreaterThan(watch.indexOf('watch.js'));
    expect(home).not.toContain('hls.js');
    expect(home).toContain('href="/assets/boot.js"');
    expect(home).toContain('href="/assets/framework.js"');
    expect(home).not.toContain('index.js');
    // Any other page: the app, without a screen of its own.
    const login = preloadLinks(manifest, '/login');
    expect(login).toContain('href="/assets/boot.js"');
    expect(login).toContain('href="/assets/framework.js"');
    expect(login).not.toMatch(/root\.js|home\.js|live\.js/);
    // The entry's early start of a returning viewer's game is its own to ask for, when it applies.
    for (const links of [home, watch, login]) expect(links).not.toContain('early-');
  });

  it('adds the chunks start-up loads for the channel: French texts, the static-block sanitiser', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js' },
      'src/app/routes/home/home.tsx': { file: 'assets/home.js' },
      'src/locales/fr-start-up.ts': { file: 'assets/fr.js' },
      'src/components/ui/sanitize-html.ts': { file: 'assets/purify.js' },
    };
    const settings = { static_blocks: true } as NonNullable<RenderedStartup['settings']>;
    const french = startupModules({ locale: 'fr', settings });
    expect(french).toEqual(['src/locales/fr-start-up.ts', 'src/components/ui/sanitize-html.ts']);
    const links = preloadLinks(manifest, '/', french);
    expect(links).toContain('href="/assets/fr.js"');
    expect(links).toContain('href="/assets/purify.js"');
    const english = startupModules({
      locale: 'en',
      settings: { ...settings, static_blocks: false },
    });
    expect(english).toEqual([]);
    expect(preloadLinks(manifest, '/', english)).not.toMatch(/fr\.js|purify\.js/);
  });

  it("writes the channel's name, escaped, under the splash's ring (the first paint is text)", () => {
    const index = '<div id="splash" class="splash"><div class="splash__ring"></div></div>';
    expect(withSplash(index, 'Rivière & "Co" <b>')).toBe(
      '<div id="splash" class="splash"><div class="splash__ring"></div>' +
        '<p class="splash__name">Rivière &#38; &#34;Co&#34; &#60;b&#62;</p></div>',
    );
    expect(withSplash(index, "$& $' Club")).toContain('>$&#38; $&#39; Club</p>');
    expect(withSplash('<div id="root"></div>', 'Club')).toBe('<div id="root"></div>');
  });

  it("draws a watch page's poster where the player will be, with the ring over it", () => {
    const index = '<div id="splash" class="splash"><div class="splash__ring"></div></div>';
    const poster = '/media/e/7/s.1.1.7.0.sig/assets/poster.jpg?a=1&b="2"';
    expect(withSplash(index, 'Club', poster)).toBe(
      '<div id="splash" class="splash splash--watch"><p class="splash__name">Club</p>' +
        '<div class="splash__player"><img class="splash__poster" ' +
        'src="/media/e/7/s.1.1.7.0.sig/assets/poster.jpg?a=1&#38;b=&#34;2&#34;" alt="" ' +
        'width="1280" height="720" fetchpriority="high" />' +
        '<div class="splash__ring"></div></div></div>',
    );
  });
});
