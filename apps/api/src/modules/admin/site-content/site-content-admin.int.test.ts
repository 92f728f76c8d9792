import { describe, expect, it } from 'vitest';
import type {
  AdminMenuItem,
  AdminPage,
  AdminSiteContent,
  AdminSlide,
  AdminStaticBlock,
  AuditEntry,
  BootstrapData,
} from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';

/*
 * /api/admin/site-content and its parts (menu, pages, slides, FAQ, static blocks, site settings):
 * admins only, validated by the contracts, every change audited, and a viewer's bootstrap sees it
 * at once (even after it was cached).
 */

const ctx = adminTestApp();

const send = (method: 'POST' | 'PATCH', url: string, payload: object, key?: string) =>
  ctx.t.inject({ method, url, payload: { api_key: key ?? ctx.admin.apiKey, ...payload } });
const remove = (url: string, key?: string) =>
  ctx.t.inject({ method: 'DELETE', url, query: { api_key: key ?? ctx.admin.apiKey } });
const content = async () =>
  (
    await ctx.t.get('/api/admin/site-content', { api_key: ctx.admin.apiKey })
  ).json<AdminSiteContent>();
const audit = async () =>
  (await ctx.t.get('/api/admin/audit', { api_key: ctx.admin.apiKey })).json<{
    data: AuditEntry[];
  }>().data;

/** A viewer's bootstrap, read once first so the change must get past the cache. */
async function viewerBootstrap(lang = 'en') {
  const key = await ctx.t.apiKey();
  const read = async () =>
    (await ctx.t.get('/api/channel-bootstrap-data', { api_key: key, lang })).json<BootstrapData>();
  await read();
  return read;
}

const menuItem = {
  title_en: 'Tickets',
  title_fr: 'Billets',
  url: '/tickets',
  location: 'header',
  position: 7,
  is_external: false,
};

describe('who may change the site content', () => {
  it('401 anonymous, 403 for a viewer, on every call', async () => {
    await expectAdminOnly(ctx.t, [
      (k) => ctx.t.get('/api/admin/site-content', { api_key: k }),
      (k) => send('PATCH', '/api/admin/site-settings', { language: 'fr', static_blocks: true }, k),
      ...['menu', 'pages', 'slides', 'faq', 'static-blocks'].flatMap((area) => [
        (k: string) => send('POST', `/api/admin/${area}`, {}, k),
        (k: string) => send('PATCH', `/api/admin/${area}/1`, {}, k),
        (k: string) => remove(`/api/admin/${area}/1`, k),
      ]),
    ]);
  });

  it('an admin of another channel neither sees nor changes this channel’s items', async () => {
    const mine = (await send('POST', '/api/admin/menu', menuItem)).json<AdminMenuItem>();
    const other = await otherChannelAdmin(ctx.t);
    const theirs = (
      await ctx.t.get('/api/admin/site-content', { api_key: other.apiKey })
    ).json<AdminSiteContent>();
    expect(theirs.menu.map((m) => m.id)).not.toContain(mine.id);
    expect(
      (await send('PATCH', `/api/admin/menu/${mine.id}`, menuItem, other.apiKey)).statusCode,
    ).toBe(404);
    expect((await remove(`/api/admin/menu/${mine.id}`, other.apiKey)).statusCode).toBe(404);
    expect((await remove(`/api/admin/menu/${mine.id}`)).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('refuses a script link, an empty title and a protocol-relative address; nothing is stored', async () => {
    const before = (await content()).menu.length;
    const res = await send('POST', '/api/admin/menu', {
      ...menuItem,
      title_en: ' ',
      url: 'javascript:alert(1)',
      position: 5000,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      title_en: 'Field is required',
      url: 'Use a site path like /about or an https address',
      position: 'Position must be a whole number from 0 to 1000',
    });
    const slashes = await send('POST', '/api/admin/menu', { ...menuItem, url: '//evil.example' });
    expect(slashes.statusCode).toBe(400);
    expect((await content()).menu.length).toBe(before);
  });

  it('a page address and a block alias are unique in the channel', async () => {
    const page = {
      name_en: 'Rules',
      name_fr: 'Règlements',
      url: '/house-rules',
      kind: 'custom',
      content_en: 'Be nice.',
      content_fr: 'Soyez gentils.',
      position: 9,
      show_in_footer: true,
    };
    expect((await send('POST', '/api/admin/pages', page)).statusCode).toBe(200);
    const twice = await send('POST', '/api/admin/pages', page);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ errors: Record<string, string> }>().errors.url).toBe(
      'Another page has this address',
    );
    const block = {
      alias: 'rules-intro',
      title_en: 'Intro',
      title_fr: '',
      content_en: 'x',
      content_fr: '',
    };
    expect(
      (await send('POST', '/api/admin/static-blocks', { ...block, alias: 'Not An Alias' }))
        .statusCode,
    ).toBe(400);
    expect((await send('POST', '/api/admin/static-blocks', block)).statusCode).toBe(200);
    const again = await send('POST', '/api/admin/static-blocks', block);
    expect(again.json<{ errors: Record<string, string> }>().errors.alias).toBe(
      'This alias is already used',
    );
  });

  it('a change keeps its own address or alias, and cannot take another item’s', async () => {
    const page = (url: string) => ({
      name_en: 'About',
      name_fr: '',
      url,
      kind: 'custom',
      content_en: 'x',
      content_fr: '',
      position: 3,
      show_in_footer: false,
    });
    const first = (await send('POST', '/api/admin/pages', page('/about-one'))).json<AdminPage>();
    const second = (await send('POST', '/api/admin/pages', page('/about-two'))).json<AdminPage>();
    const same = await send('PATCH', `/api/admin/pages/${first.id}`, {
      ...page('/about-one'),
      name_en: 'About us',
    });
    expect(same.statusCode).toBe(200);
    const taken = await send('PATCH', `/api/admin/pages/${second.id}`, page('/about-one'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ errors: Record<string, string> }>().errors.url).toBe(
      'Another page has this address',
    );

    const block = (alias: string) => ({
      alias,
      title_en: 'T',
      title_fr: '',
      content_en: 'x',
      content_fr: '',
    });
    const a = (
      await send('POST', '/api/admin/static-blocks', block('block-a'))
    ).json<AdminStaticBlock>();
    const b = (
      await send('POST', '/api/admin/static-blocks', block('block-b'))
    ).json<AdminStaticBlock>();
    expect(
      (await send('PATCH', `/api/admin/static-blocks/${a.id}`, block('block-a'))).statusCode,
    ).toBe(200);
    const clash = await send('PATCH', `/api/admin/static-blocks/${b.id}`, block('block-a'));
    expect(clash.statusCode).toBe(400);
    expect(clash.json<{ errors: Record<string, string> }>().errors.alias).toBe(
      'This alias is already used',
    );
  });

  it('a slide on a sport’s page names one of the channel’s sports', async () => {
    const slide = {
      title_en: 'Finals',
      title_fr: '',
      subtitle_en: '',
      subtitle_fr: '',
      image_url: 'https://cdn.example.test/finals.jpg',
      link_url: '',
      slidable_type: 'category',
      slidable_id: null,
      position: 1,
    };
    const none = await send('POST', '/api/admin/slides', slide);
    expect(none.json<{ errors: Record<string, string> }>().errors.slidable_id).toBe(
      'Choose what the slide shows',
    );
    const unknown = await send('POST', '/api/admin/slides', { ...slide, slidable_id: 999_999 });
    expect(unknown.json<{ errors: Record<string, string> }>().errors.slidable_id).toBe(
      'This item is not one of the channel’s',
    );
  });
});

describe('changes viewers see at once, each audited', () => {
  it('a menu item: created, renamed in French, deleted', async () => {
    const en = await viewerBootstrap('en');
    const fr = await viewerBootstrap('fr');
    const created = (await send('POST', '/api/admin/menu', menuItem)).json<AdminMenuItem>();
    expect((await en()).menu).toContainEqual(
      expect.objectContaining({ id: created.id, title: 'Tickets', url: '/tickets' }),
    );
    const renamed = await send('PATCH', `/api/admin/menu/${created.id}`, {
      ...menuItem,
      title_fr: 'Billetterie',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await fr()).menu.find((m) => m.id === created.id)?.title).toBe('Billetterie');
    const [row] = await audit();
    expect(row).toMatchObject({ action: 'update', entity: 'menu_item', entity_id: created.id });
    expect(row?.summary).toContain('title_fr: Billets → Billetterie');

    expect((await remove(`/api/admin/menu/${created.id}`)).statusCode).toBe(200);
    expect((await en()).menu.map((m) => m.id)).not.toContain(created.id);
    expect((await audit())[0]).toMatchObject({ action: 'delete', entity: 'menu_item' });
  });

  it('a page, a FAQ answer, a static block and a main slide reach the bootstrap', async () => {
    const read = await viewerBootstrap('fr');
    const page = (
      await send('POST', '/api/admin/pages', {
        name_en: 'Sponsors',
        name_fr: 'Commanditaires',
        url: '/sponsors',
        kind: 'custom',
        content_en: 'Thanks',
        content_fr: 'Merci',
        position: 3,
        show_in_footer: true,
      })
    ).json<AdminPage>();
    const faq = await send('POST', '/api/admin/faq', {
      question_en: 'Can I watch on TV?',
      question_fr: 'Puis-je regarder à la télé ?',
      answer_en: 'Yes, with casting.',
      answer_fr: 'Oui, par diffusion.',
      position: 0,
    });
    expect(faq.statusCode).toBe(200);
    const block = (
      await send('POST', '/api/admin/static-blocks', {
        alias: 'season-note',
        title_en: 'Season',
        title_fr: 'Saison',
        content_en: 'Starts soon',
        content_fr: 'Commence bientôt',
      })
    ).json<AdminStaticBlock>();
    const slide = (
      await send('POST', '/api/admin/slides', {
        title_en: 'Opening night',
        title_fr: 'Soirée d’ouverture',
        subtitle_en: 'Friday',
        subtitle_fr: 'Vendredi',
        image_url: '/images/opening.jpg',
        link_url: '/events',
        slidable_type: 'main',
        slidable_id: 12,
        position: 0,
      })
    ).json<AdminSlide>();
    expect(slide.slidable_id).toBeNull();

    const seen = await read();
    expect(seen.pages).toContainEqual(
      expect.objectContaining({ id: page.id, name: 'Commanditaires' }),
    );
    expect(seen.faq).toContainEqual(expect.objectContaining({ answer: 'Oui, par diffusion.' }));
    expect(seen.static_blocks).toContainEqual(
      expect.objectContaining({ id: block.id, alias: 'season-note', content: 'Commence bientôt' }),
    );
    expect(seen.slides).toContainEqual(
      expect.objectContaining({ id: slide.id, title: 'Soirée d’ouverture', link_url: '/events' }),
    );
    const entities = (await audit()).slice(0, 4).map((r) => r.entity);
    expect(entities).toEqual(['slide', 'static_block', 'faq', 'page']);
  });

  it('the default language and the static blocks switch', async () => {
    const read = await viewerBootstrap();
    const res = await send('PATCH', '/api/admin/site-settings', {
      language: 'fr',
      static_blocks: false,
    });
    expect(res.json()).toEqual({ language: 'fr', static_blocks: false });
    const seen = await read();
    expect(seen.settings.language).toBe('fr');
    expect(seen.settings.static_blocks).toBe(false);
    expect((await content()).settings).toEqual({ language: 'fr', static_blocks: false });
    const [row] = await audit();
    expect(row).toMatchObject({ entity: 'site_settings', action: 'update' });
    expect(row?.summary).toContain('language: en → fr');
    const bad = await send('PATCH', '/api/admin/site-settings', {
      language: 'de',
      static_blocks: true,
    });
    expect(bad.statusCode).toBe(400);
  });
});
