export * from './errors';
export * from './constants';
export * from './roles';
export * from './plans';
export * from './schemas/system';
export * from './schemas/submenu';
