export * from './system';
export * from './accounts';
export * from './mail';
export * from './public';
export * from './prices';
export * from './news';
export * from './bank';
