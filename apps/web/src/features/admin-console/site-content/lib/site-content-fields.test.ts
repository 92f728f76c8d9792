import { describe, expect, it } from 'vitest';
import { SITE_FORMS, toDraft, toInput } from './site-content-fields';

describe('site content forms', () => {
  it('a new slide’s defaults, typed in and read back as the contract’s input', () => {
    const { fields, schema } = SITE_FORMS.slides;
    const draft = toDraft(fields, null);
    expect(draft).toMatchObject({ slidable_type: 'main', slidable_id: '', position: '0' });
    const input = toInput(fields, {
      ...draft,
      title_en: 'Finals',
      image_url: '/images/finals.jpg',
      slidable_type: 'category',
      slidable_id: '4',
    });
    expect(input).toMatchObject({ slidable_id: 4, position: 0, link_url: '' });
    expect(schema.safeParse(input).success).toBe(true);
  });

  it('an item read into strings and back is the same item', () => {
    const { fields, schema } = SITE_FORMS.menu;
    const item = {
      id: 3,
      title_en: 'Tickets',
      title_fr: 'Billets',
      url: '/tickets',
      location: 'footer',
      position: 4,
      is_external: true,
    };
    const input = toInput(fields, toDraft(fields, item));
    expect({ id: item.id, ...input }).toEqual(item);
    expect(schema.safeParse(input).success).toBe(true);
  });

  it('a position that is not a number is the contract’s refusal, not a zero', () => {
    const { fields, schema } = SITE_FORMS.faq;
    const input = toInput(fields, { ...toDraft(fields, null), position: 'ten' });
    expect(Number.isNaN(input.position)).toBe(true);
    const checked = schema.safeParse(input);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => i.path[0])).toContain('position');
  });
});
