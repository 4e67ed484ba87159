import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from './branding.js';
import { CompanyBrandingSchema } from './games.js';

describe('the default branding', () => {
  it('is a valid CompanyBranding, as the server answers it', () => {
    expect(CompanyBrandingSchema.parse(DEFAULT_BRANDING)).toEqual(DEFAULT_BRANDING);
  });
});
