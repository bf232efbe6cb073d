import { describe, expect, it } from 'vitest';
import { parseDesigner, stringList, websiteOf } from './designer';

describe('parseDesigner', () => {
  it('reads lists sent as lists or JSON strings and drops unknown values', () => {
    const designer = parseDesigner({
      id: '12', name: 'Luca', specialties: '["Minimal", "Japandi"]', work_preferences: ['online', 'telepathy'],
      gallery_images: '["/api/uploads/gallery/a.jpg", null, "x"]', design_style: 'c', experience: '7', min_budget: 450,
      verified: true, like_count: 3,
    });
    expect(designer).toMatchObject({
      id: 12, specialties: ['Minimal', 'Japandi'], work_preferences: ['online'], gallery_images: ['/api/uploads/gallery/a.jpg'],
      design_style: 'C', experience: 7, min_budget: 450, verified: true, like_count: 3, email: '', user_id: null,
    });
  });

  it('refuses what is not a designer', () => {
    expect(parseDesigner(null)).toBeNull();
    expect(parseDesigner({ name: 'x' })).toBeNull();
    expect(parseDesigner({ id: 0 })).toBeNull();
  });

  it('accepts comma lists and takes the website from either field', () => {
    expect(stringList('Minimal, Japandi')).toEqual(['Minimal', 'Japandi']);
    expect(websiteOf({ website: '', social_website: 'studio.it' })).toBe('studio.it');
    expect(websiteOf({ website: 'a.it', social_website: 'b.it' })).toBe('a.it');
  });
});
