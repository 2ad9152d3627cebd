export const services = [
  { key: 'prices', icon: 'chart' },
  { key: 'news', icon: 'news' },
  { key: 'dueDiligence', icon: 'shield' },
  { key: 'bank', icon: 'bank' },
] as const;
