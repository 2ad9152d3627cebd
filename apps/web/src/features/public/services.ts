export const services = [
  { key: 'prices', icon: 'chart' },
  { key: 'news', icon: 'news' },
  { key: 'dueDiligence', icon: 'shield' },
  { key: 'bank', icon: 'bank' },
] as const;

/**
 * Services whose pages are still "not built yet" placeholders (NotBuiltPage): listed as in
 * development, never as available. Remove a key in the change that ships its module.
 */
export const servicesInDevelopment: ReadonlyArray<(typeof services)[number]['key']> = [];
