import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppShell } from './app-shell.js';

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
});
